import Foundation
import JSON

/// A synthetic store of any size for benchmarks and stress tests: `members` members and `chores`
/// chores with a realistic mix (every recurrence, times and all-day, deadlines, done and stale
/// flags, a tenth unassigned, long and non-ASCII titles), as CloudKit records. The same seed and
/// `now` always give the same records.
public struct SyntheticFamily {
    public let members: Int
    public let chores: Int
    public let seed: UInt64

    public init(members: Int, chores: Int, seed: UInt64) {
        self.members = members
        self.chores = chores
        self.seed = seed
    }

    static let titles = [
        "Tisch decken", "Abfall rausbringen", "Zimmer aufräumen", "Pflanzen giessen", "Hausaufgaben",
        "Wäsche zusammenlegen",
        "Staubsaugen", "Katze füttern 🐈", "Empty the dishwasher", "Take out the recycling", "Practice piano 🎹",
        "Fenster putzen", "Bad putzen", "Velo flicken", "Einkaufsliste schreiben", "Water the tomatoes 🍅",
        "Schuhe putzen und danach die ganze Garderobe aufräumen, damit alle Jacken wieder an ihrem Haken hängen",
        "Vider le lave-vaisselle", "Réviser le vocabulaire", "Limpiar la cocina", "Sortir le chien",
    ]
    static let names = [
        "Anna", "Max", "Jürg", "Zoë", "Noah", "Léa", "Elif", "Mateo", "Sofía", "Ole", "Mia", "Luca", "Nora", "Emil",
    ]

    /// The records, in pages of `pageSize` as CloudKit returns them (records/query responses).
    public func pages(now: Date, time: FamilyTime, pageSize: Int = 200) -> [JSONValue] {
        var random = SplitMix64(seed: seed)
        let today = time.today(at: now)
        let created = time.startOfDay(today).addingTimeInterval(-90 * 86_400).millis
        var records: [JSONValue] = []
        var memberIDs: [String] = []
        for index in 0..<members {
            let id = String(format: "00000000-0000-4000-A000-%012d", index + 1)
            memberIDs.append(id)
            let name =
                Self.names[index % Self.names.count]
                + (index >= Self.names.count ? " \(index / Self.names.count + 1)" : "")
            records.append(
                record(
                    id, "FamilyMember",
                    [
                        "name": field(.string(name), "STRING"),
                        "role": field(.string(index % 4 == 0 ? "parent" : "child"), "STRING"),
                    ], created: created, modified: created))
        }
        let recurrences: [Recurrence] = [.daily, .daily, .weekly, .weekly, .weekly, .monthly, .once, .once]
        for index in 0..<chores {
            let recurrence = recurrences[random.next(recurrences.count)]
            let dayOffset = recurrence == .once ? random.next(30) - 10 : -random.next(60)
            let minutes = random.next(5) == 0 ? 0 : (6 + random.next(15)) * 60 + [0, 15, 30, 45][random.next(4)]
            let due = time.startOfDay(today.adding(days: dayOffset)).addingTimeInterval(Double(minutes) * 60)
            var fields: [String: JSONValue] = [
                "title": field(.string(Self.titles[random.next(Self.titles.count)] + " \(index + 1)"), "STRING"),
                "isDone": field(.integer(random.next(3) == 0 ? 1 : 0), "INT64"),
                "recurrence": field(.string(recurrence.rawValue), "STRING"),
                "createdAt": field(.integer(created), "TIMESTAMP"),
            ]
            if random.next(10) != 0, !memberIDs.isEmpty {
                fields["assignedTo"] = field(.string(memberIDs[random.next(memberIDs.count)]), "STRING")
            }
            if random.next(8) != 0 { fields["dueDate"] = field(.integer(due.millis), "TIMESTAMP") }
            if random.next(5) == 0 {
                let deadline = time.startOfDay(today.adding(days: 5 + random.next(120)))
                fields["deadline"] = field(.integer(deadline.millis + 18 * 3_600_000), "TIMESTAMP")
            }
            // A done flag set today, or (one in four) days ago: stale for daily chores.
            let modified = now.millis - Int64(random.next(4) == 0 ? 3 * 86_400_000 : 600_000)
            records.append(
                record(
                    String(format: "5C000000-0000-4000-8000-%012d", index + 1), "Chore", fields, created: created,
                    modified: modified))
        }
        return stride(from: 0, to: records.count, by: pageSize).map { start in
            .object(["records": .array(Array(records[start..<min(start + pageSize, records.count)]))])
        }
    }

    private func record(
        _ name: String, _ type: String, _ fields: [String: JSONValue], created: Int64, modified: Int64
    ) -> JSONValue {
        .object([
            "recordName": .string(name), "recordType": .string(type), "fields": .object(JSONObject(fields)),
            "created": .object(["timestamp": .integer(created)]),
            "modified": .object(["timestamp": .integer(modified)]),
            "deleted": .bool(false), "zoneID": .object(["zoneName": .string("MainZone")]),
        ])
    }

    private func field(_ value: JSONValue, _ type: String) -> JSONValue {
        .object(["value": value, "type": .string(type)])
    }
}

/// A small deterministic random generator (SplitMix64), so a seed always gives the same store.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
