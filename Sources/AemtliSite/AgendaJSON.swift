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
        var output: [UInt8] = []
        write(agenda, pretty: pretty, into: &output)
        return output
    }

    /// Appends the agenda's JSON to `output`.
    public static func write(_ agenda: Agenda, pretty: Bool, into output: inout [UInt8]) {
        // Room for the whole file at once (an entry of the synthetic stores takes 230 to 300 bytes).
        output.reserveCapacity(output.count + agenda.entries.count * (pretty ? 360 : 300))
        output.append(0x5B)
        // `,\n    "name": ` and the like, made once: the keys in alphabetical order.
        let names = ["allDay", "chore", "date", "instant", "member", "memberName", "recurrence", "start", "status", "title"]
        let keys: [[UInt8]] = names.enumerated().map { index, name in
            (index > 0 ? [0x2C] : []) + (pretty ? Array("\n    ".utf8) : []) + Array("\"\(name)\"".utf8) + (pretty ? [0x3A, 0x20] : [0x3A])
        }
        let statuses = ChoreStatus.allCases.map { keys[8] + Self.quoted($0.rawValue) }
        let opening = Array(((pretty ? "\n  " : "") + "{").utf8) + keys[0]
        let closing = Array(((pretty ? "\n  " : "") + "}").utf8)
        // Each chore's own fields, encoded once, as three runs between the occurrence's fields:
        // chore | member, memberName, recurrence | title and the end of the object.
        var runs: [(chore: [UInt8], member: [UInt8], title: [UInt8])?] = Array(repeating: nil, count: agenda.family.chores.count)

        for (position, entry) in agenda.entries.enumerated() {
            let occurrence = entry.occurrence
            if runs[entry.choreIndex] == nil {
                let chore = agenda.chore(of: entry)
                let slug = agenda.slug(of: entry).map(Self.quoted) ?? Array("null".utf8)
                let name = agenda.member(of: entry).map { Self.quoted($0.name) } ?? Array("null".utf8)
                runs[entry.choreIndex] = (
                    keys[1] + Self.quoted(chore.id),
                    keys[4] + slug + keys[5] + name + keys[6] + Self.quoted(chore.recurrence.rawValue),
                    keys[9] + Self.quoted(chore.title) + closing)
            }
            let run = runs[entry.choreIndex]!
            if position > 0 { output.append(0x2C) }
            output += opening
            output += occurrence.isAllDay ? Self.trueBytes : Self.falseBytes
            output += run.chore
            output += keys[2]; output.append(0x22); occurrence.date.appendText(to: &output); output.append(0x22)
            output += keys[3]; output.append(0x22); FamilyTime.utcLocal(occurrence.start).appendText(to: &output, seconds: true)
            output.append(0x5A); output.append(0x22)
            output += run.member
            output += keys[7]; output.append(0x22)
            if occurrence.isAllDay { occurrence.date.appendText(to: &output) } else { occurrence.local.appendText(to: &output) }
            output.append(0x22)
            output += statuses[ChoreStatus.allCases.firstIndex(of: entry.status)!]
            output += run.title
        }
        if pretty && !agenda.entries.isEmpty { output.append(0x0A) }
        output += [0x5D, 0x0A]
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    private static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONValue.appendQuoted(text, to: &bytes)
        return bytes
    }

}
