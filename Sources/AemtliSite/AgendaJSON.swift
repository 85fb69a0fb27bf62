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
        // `,\n    "name": ` and the like, made once: the keys in alphabetical order.
        let names = ["allDay", "chore", "date", "instant", "member", "memberName", "recurrence", "start", "status", "title"]
        let prefixes: [[UInt8]] = names.enumerated().map { index, name in
            (index > 0 ? [0x2C] : []) + (pretty ? Array("\n    ".utf8) : []) + Array("\"\(name)\"".utf8) + (pretty ? [0x3A, 0x20] : [0x3A])
        }
        let statuses = Dictionary(uniqueKeysWithValues: ChoreStatus.allCases.map { ($0, Self.quoted($0.rawValue)) })
        func key(_ index: Int, _ value: [UInt8], to output: inout [UInt8]) {
            output += prefixes[index]
            output += value
        }

        for (position, entry) in agenda.entries.enumerated() {
            let occurrence = entry.occurrence
            if choreFields[entry.choreIndex] == nil {
                let chore = agenda.chore(of: entry)
                choreFields[entry.choreIndex] = [
                    Self.quoted(chore.id),
                    agenda.slug(of: entry).map(Self.quoted) ?? Array("null".utf8),
                    agenda.member(of: entry).map { Self.quoted($0.name) } ?? Array("null".utf8),
                    Self.quoted(chore.recurrence.rawValue),
                    Self.quoted(chore.title),
                ]
            }
            let fields = choreFields[entry.choreIndex]!
            if position > 0 { output.append(0x2C) }
            if pretty { output += Array("\n  ".utf8) }
            output.append(0x7B)
            key(0, occurrence.isAllDay ? Self.trueBytes : Self.falseBytes, to: &output)
            key(1, fields[0], to: &output)
            output += prefixes[2]; output.append(0x22); occurrence.date.appendText(to: &output); output.append(0x22)
            output += prefixes[3]; output.append(0x22); FamilyTime.utcLocal(occurrence.start).appendText(to: &output, seconds: true)
            output += [0x5A, 0x22]
            key(4, fields[1], to: &output)
            key(5, fields[2], to: &output)
            key(6, fields[3], to: &output)
            output += prefixes[7]; output.append(0x22)
            if occurrence.isAllDay { occurrence.date.appendText(to: &output) } else { occurrence.local.appendText(to: &output) }
            output.append(0x22)
            key(8, statuses[entry.status]!, to: &output)
            key(9, fields[4], to: &output)
            if pretty { output += Array("\n  ".utf8) }
            output.append(0x7D)
        }
        if pretty && !agenda.entries.isEmpty { output.append(0x0A) }
        output += [0x5D, 0x0A]
        return output
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    private static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONValue.appendQuoted(text, to: &bytes)
        return bytes
    }

}
