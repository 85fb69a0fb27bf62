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
        render(agenda, pretty: pretty, into: &output)
        return output
    }

    /// Appends the agenda's JSON to `output`.
    public static func render(_ agenda: Agenda, pretty: Bool, into output: inout [UInt8]) {
        // Room for the whole file at once (an entry of the synthetic stores takes 230 to 300 bytes).
        output.reserveCapacity(output.count + agenda.entries.count * (pretty ? 360 : 300))
        output.append(0x5B)
        // Every constant piece (`,\n    "name": ` and the like, the keys in alphabetical order) and
        // each chore's own fields go once into one table, then each entry appends ranges of it.
        var table: [UInt8] = []
        func piece(_ bytes: [UInt8]) -> Range<Int> {
            table += bytes
            return (table.count - bytes.count)..<table.count
        }
        let names = [
            "allDay", "chore", "date", "instant", "member", "memberName", "recurrence", "start", "status", "title",
        ]
        let keys: [[UInt8]] = names.enumerated().map { index, name in
            (index > 0 ? [0x2C] : []) + (pretty ? Array("\n    ".utf8) : []) + Array("\"\(name)\"".utf8)
                + (pretty ? [0x3A, 0x20] : [0x3A])
        }
        let opening = piece(Array(((pretty ? "\n  " : "") + "{").utf8) + keys[0])
        let closing = Array(((pretty ? "\n  " : "") + "}").utf8)
        let allDay = (no: piece(Array("false".utf8)), yes: piece(Array("true".utf8)))
        let date = piece(keys[2] + [0x22]), instant = piece([0x22] + keys[3] + [0x22]), start = piece(keys[7] + [0x22])
        let zulu = piece([0x5A, 0x22])
        let statuses = Dictionary(
            uniqueKeysWithValues: ChoreStatus.allCases.map { ($0, piece([0x22] + keys[8] + Self.quoted($0.rawValue))) })
        // A chore's fields as three runs between the occurrence's fields:
        // chore | member, memberName, recurrence | title and the end of the object.
        var runs: [(chore: Range<Int>, member: Range<Int>, title: Range<Int>)?] = Array(
            repeating: nil, count: agenda.family.chores.count)
        for entry in agenda.entries where runs[entry.choreIndex] == nil {
            let chore = agenda.chore(of: entry)
            let slug = agenda.slug(of: entry).map(Self.quoted) ?? Array("null".utf8)
            let name = agenda.member(of: entry).map { Self.quoted($0.name) } ?? Array("null".utf8)
            runs[entry.choreIndex] = (
                piece(keys[1] + Self.quoted(chore.id)),
                piece(keys[4] + slug + keys[5] + name + keys[6] + Self.quoted(chore.recurrence.rawValue)),
                piece(keys[9] + Self.quoted(chore.title) + closing)
            )
        }

        table.withUnsafeBufferPointer { table in
            agenda.entries.withUnsafeBufferPointer { entries in
                func append(_ range: Range<Int>) {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: table[range]))
                }
                for position in entries.indices {
                    let occurrence = entries[position].occurrence
                    guard let run = runs[entries[position].choreIndex], let status = statuses[entries[position].status]
                    else {
                        preconditionFailure("every entry's chore has its runs, and every status its piece, from above")
                    }
                    if position > 0 { output.append(0x2C) }
                    append(opening)
                    append(occurrence.isAllDay ? allDay.yes : allDay.no)
                    append(run.chore)
                    append(date)
                    output += occurrence.date.description.utf8
                    append(instant)
                    let utc = FamilyTime.utcLocal(occurrence.start)
                    output += "\(utc):\(utc.second < 10 ? "0" : "")\(utc.second)".utf8
                    append(zulu)
                    append(run.member)
                    append(start)
                    output += (occurrence.isAllDay ? occurrence.date.description : occurrence.local.description).utf8
                    append(status)
                    append(run.title)
                }
            }
        }
        if pretty && !agenda.entries.isEmpty { output.append(0x0A) }
        output += [0x5D, 0x0A]
    }

    private static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONValue.appendQuoted(text, to: &bytes)
        return bytes
    }

}
