import Foundation
import JSON

/// The built-in demo family: "Parent 1", "Anna" and "Max" (the app's default member ids) and twenty
/// chores in a German and English mix covering every recurrence, deadlines, done and open, stale,
/// overdue, unassigned, undated, and a monthly chore on the 31st.
///
/// Dates are placed relative to `now`, so the demo always looks alive, and depend on nothing else,
/// so a fixed `now` gives a byte-identical store.
public enum DemoFamily {
    public static let parentID = "00000000-0000-0000-0000-000000000001"
    public static let annaID = "00000000-0000-0000-0000-000000000002"
    public static let maxID = "00000000-0000-0000-0000-000000000003"

    /// Where a demo chore is due, relative to today.
    enum Due {
        case day(Int, hour: Int, minute: Int)
        case lastThirtyFirst(hour: Int)
        case none
    }

    struct DemoChore {
        var title: String
        var assignee: String?
        var recurrence: Recurrence
        var due: Due
        var done = false
        var stale = false
        var deadlineDays: Int?
    }

    static let chores: [DemoChore] = [
        DemoChore(title: "Tisch decken", assignee: annaID, recurrence: .daily, due: .day(0, hour: 18, minute: 0)),
        DemoChore(
            title: "Katze füttern", assignee: annaID, recurrence: .daily, due: .day(0, hour: 7, minute: 0), done: true),
        DemoChore(
            title: "Empty the dishwasher", assignee: maxID, recurrence: .daily, due: .day(0, hour: 7, minute: 30),
            done: true),
        DemoChore(
            title: "Hausaufgaben", assignee: maxID, recurrence: .daily, due: .day(0, hour: 16, minute: 0),
            deadlineDays: 60),
        DemoChore(
            title: "Make the bed", assignee: maxID, recurrence: .daily, due: .day(0, hour: 7, minute: 15), done: true,
            stale: true),
        DemoChore(title: "Abfall rausbringen", assignee: maxID, recurrence: .weekly, due: .day(1, hour: 19, minute: 0)),
        DemoChore(title: "Zimmer aufräumen", assignee: annaID, recurrence: .weekly, due: .day(-2, hour: 10, minute: 0)),
        DemoChore(title: "Pflanzen giessen", assignee: maxID, recurrence: .weekly, due: .day(2, hour: 0, minute: 0)),
        DemoChore(
            title: "Wäsche zusammenlegen", assignee: parentID, recurrence: .weekly, due: .day(0, hour: 20, minute: 0),
            done: true),
        DemoChore(title: "Staubsaugen", assignee: parentID, recurrence: .weekly, due: .day(3, hour: 10, minute: 0)),
        DemoChore(
            title: "Practice piano", assignee: annaID, recurrence: .weekly, due: .day(-1, hour: 17, minute: 0),
            deadlineDays: 21),
        DemoChore(
            title: "Take out the recycling", assignee: nil, recurrence: .weekly, due: .day(4, hour: 0, minute: 0)),
        DemoChore(
            title: "Taschengeld auszahlen", assignee: parentID, recurrence: .monthly, due: .lastThirtyFirst(hour: 9)),
        DemoChore(title: "Bad putzen", assignee: parentID, recurrence: .monthly, due: .day(-3, hour: 9, minute: 0)),
        DemoChore(
            title: "Check the smoke alarms", assignee: nil, recurrence: .monthly, due: .day(-10, hour: 0, minute: 0)),
        DemoChore(
            title: "Fenster putzen", assignee: nil, recurrence: .once, due: .day(5, hour: 10, minute: 0),
            deadlineDays: 7),
        DemoChore(
            title: "Geburtstagsgeschenk für Oma besorgen", assignee: parentID, recurrence: .once, due: .none,
            deadlineDays: 2),
        DemoChore(title: "Fahrrad flicken", assignee: maxID, recurrence: .once, due: .day(-1, hour: 15, minute: 0)),
        DemoChore(
            title: "Read a book for school", assignee: annaID, recurrence: .once, due: .day(0, hour: 19, minute: 0),
            done: true),
        DemoChore(title: "Schuhe putzen", assignee: nil, recurrence: .once, due: .none),
    ]

    /// The demo store as CloudKit Web Services JSON: an array of two records/query responses,
    /// family members first, then chores.
    public static func responses(now: Date, time: FamilyTime) -> JSONValue {
        let today = time.today(at: now)
        let createdAt = localTime(today, days: -40, hour: 8, minute: 0, time)
        let members: [JSONValue] = [
            member(parentID, "Parent 1", .parent, iCloudUserID: "_0d3m0fam1lyparent0000000000000001", createdAt),
            member(annaID, "Anna", .child, iCloudUserID: nil, createdAt),
            member(maxID, "Max", .child, iCloudUserID: nil, createdAt),
        ]
        let records = chores.enumerated().map { position, chore in
            choreRecord(chore, number: position + 1, today: today, now: now, createdAt: createdAt, time)
        }
        return .array([.object(["records": .array(members)]), .object(["records": .array(records)])])
    }

    private static func choreRecord(
        _ chore: DemoChore, number: Int, today: CivilDate, now: Date, createdAt: Date, _ time: FamilyTime
    ) -> JSONValue {
        var fields: [String: JSONValue] = [
            "title": field(.string(chore.title), "STRING"),
            "isDone": field(.integer(chore.done ? 1 : 0), "INT64"),
            "recurrence": field(.string(chore.recurrence.rawValue), "STRING"),
            "createdAt": field(.integer(createdAt.millis), "TIMESTAMP"),
        ]
        if let assignee = chore.assignee { fields["assignedTo"] = field(.string(assignee), "STRING") }
        if let dueDate = dueDate(chore.due, today: today, time) {
            fields["dueDate"] = field(.integer(dueDate.millis), "TIMESTAMP")
        }
        if let days = chore.deadlineDays {
            fields["deadline"] = field(
                .integer(localTime(today, days: days, hour: 18, minute: 0, time).millis), "TIMESTAMP")
        }
        let modified: Date
        if chore.stale {
            modified = localTime(today, days: -1, hour: 8, minute: 0, time)
        } else if chore.done {
            modified = max(createdAt, now.addingTimeInterval(-600))
        } else {
            modified = createdAt
        }
        let id = String(format: "C0000000-0000-4000-8000-%012d", number)
        return record(id, "Chore", JSONObject(fields), created: createdAt, modified: modified)
    }

    private static func dueDate(_ due: Due, today: CivilDate, _ time: FamilyTime) -> Date? {
        switch due {
        case .none:
            return nil
        case .day(let days, let hour, let minute):
            return localTime(today, days: days, hour: hour, minute: minute, time)
        case .lastThirtyFirst(let hour):
            // The most recent 31st on or before today.
            var month = today.startOfMonth
            if today.day < 31 { month = month.adding(months: -1, day: 1) }
            while CivilDate.daysIn(month: month.month, year: month.year) < 31 {
                month = month.adding(months: -1, day: 1)
            }
            return localTime(month, days: 30, hour: hour, minute: 0, time)
        }
    }

    private static func member(
        _ id: String, _ name: String, _ role: Role, iCloudUserID: String?, _ created: Date
    ) -> JSONValue {
        var fields: [String: JSONValue] = [
            "name": field(.string(name), "STRING"),
            "role": field(.string(role.rawValue), "STRING"),
        ]
        if let iCloudUserID { fields["iCloudUserID"] = field(.string(iCloudUserID), "STRING") }
        return record(id, "FamilyMember", JSONObject(fields), created: created, modified: created)
    }

    private static func record(
        _ name: String, _ type: String, _ fields: JSONObject, created: Date, modified: Date
    ) -> JSONValue {
        .object([
            "recordName": .string(name),
            "recordType": .string(type),
            "fields": .object(fields),
            "created": .object(["timestamp": .integer(created.millis)]),
            "modified": .object(["timestamp": .integer(modified.millis)]),
            "deleted": .bool(false),
            "zoneID": .object(["zoneName": .string("MainZone")]),
        ])
    }

    private static func field(_ value: JSONValue, _ type: String) -> JSONValue {
        .object(["value": value, "type": .string(type)])
    }

    private static func localTime(_ day: CivilDate, days: Int, hour: Int, minute: Int, _ time: FamilyTime) -> Date {
        time.instant(LocalDateTime(date: day.adding(days: days), hour: hour, minute: minute))
    }
}
