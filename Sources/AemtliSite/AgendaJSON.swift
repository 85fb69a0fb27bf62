import AemtliCore
import Foundation
import JSON

/// An agenda as JSON (`aemtli agenda --format json` and the site's `agenda.json`): an array of
/// objects, one per occurrence, keys in alphabetical order, for scripts and home-automation
/// dashboards. Written straight into bytes (an agenda of many chores runs to many megabytes), with
/// each chore's own fields encoded once.
public enum AgendaJSON {
    public static func render(_ agenda: Agenda) -> String {
        String(decoding: bytes(agenda, pretty: true), as: UTF8.self)
    }

    public static func bytes(_ agenda: Agenda, pretty: Bool) -> [UInt8] {
        var output: [UInt8] = [0x5B]
        output.reserveCapacity(agenda.entries.count * (pretty ? 330 : 260))
        var choreFields: [[[UInt8]]?] = Array(repeating: nil, count: agenda.family.chores.count)
        let indent: [UInt8] = pretty ? Array("\n    ".utf8) : []
        let separator: [UInt8] = pretty ? [0x3A, 0x20] : [0x3A]
        func key(_ name: String, _ value: [UInt8], last: Bool = false, to output: inout [UInt8]) {
            output += indent
            JSONValue.appendQuoted(name, to: &output)
            output += separator
            output += value
            if !last { output.append(0x2C) }
        }
        func quoted(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = []
            JSONValue.appendQuoted(text, to: &bytes)
            return bytes
        }
        for (position, entry) in agenda.entries.enumerated() {
            let occurrence = entry.occurrence
            if choreFields[entry.choreIndex] == nil {
                let chore = agenda.chore(of: entry)
                choreFields[entry.choreIndex] = [
                    quoted(chore.id),
                    agenda.slug(of: entry).map(quoted) ?? Array("null".utf8),
                    agenda.member(of: entry).map { quoted($0.name) } ?? Array("null".utf8),
                    quoted(chore.recurrence.rawValue),
                    quoted(chore.title),
                ]
            }
            let fields = choreFields[entry.choreIndex]!
            if position > 0 { output.append(0x2C) }
            if pretty { output += Array("\n  ".utf8) }
            output.append(0x7B)
            key("allDay", Array((occurrence.isAllDay ? "true" : "false").utf8), to: &output)
            key("chore", fields[0], to: &output)
            key("date", quoted(occurrence.date.description), to: &output)
            key("instant", quoted(utc(occurrence.start)), to: &output)
            key("member", fields[1], to: &output)
            key("memberName", fields[2], to: &output)
            key("recurrence", fields[3], to: &output)
            key("start", quoted(occurrence.isAllDay ? occurrence.date.description : occurrence.local.description), to: &output)
            key("status", quoted(entry.status.rawValue), to: &output)
            key("title", fields[4], last: true, to: &output)
            if pretty { output += Array("\n  ".utf8) }
            output.append(0x7D)
        }
        if pretty && !agenda.entries.isEmpty { output.append(0x0A) }
        output += [0x5D, 0x0A]
        return output
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    static func utc(_ date: Date) -> String {
        let time = FamilyTime.utcLocal(date)
        return "\(time):\(time.second < 10 ? "0" : "")\(time.second)Z"
    }
}
