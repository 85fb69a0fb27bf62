import AemtliCore
import Foundation
import JSON

/// An agenda as JSON (`aemtli agenda --format json` and the site's `agenda.json`): an array of
/// objects, one per occurrence, for scripts and home-automation dashboards.
public enum AgendaJSON {
    public static func render(_ agenda: Agenda) -> String {
        JSONValue.array(agenda.entries.map { entry in
            let occurrence = entry.occurrence
            let chore = agenda.chore(of: entry)
            return .object(JSONObject([
                "start": .string(occurrence.isAllDay ? occurrence.date.description : occurrence.local.description),
                "date": .string(occurrence.date.description),
                "allDay": .bool(occurrence.isAllDay),
                "instant": .string(utc(occurrence.start)),
                "chore": .string(chore.id),
                "title": .string(chore.title),
                "recurrence": .string(chore.recurrence.rawValue),
                "member": agenda.slug(of: entry).map(JSONValue.string) ?? .null,
                "memberName": agenda.member(of: entry).map { .string($0.name) } ?? .null,
                "status": .string(entry.status.rawValue),
            ]))
        }).serialized(pretty: true) + "\n"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    static func utc(_ date: Date) -> String {
        let time = FamilyTime.utcLocal(date)
        return "\(time):\(time.second < 10 ? "0" : "")\(time.second)Z"
    }
}
