import AemtliApp
import AemtliCore
import AemtliSite
import Foundation
import JSON

/// The three forms of `aemtli history`: tsv for machines, json with streaks and shares, text for people.
struct HistoryFormatter {
    let history: History
    /// Only the chores this member has now, when given.
    let memberID: String?
    let time: FamilyTime
    /// The day it is, for the year in "History since the first sync on …".
    let today: CivilDate
    let words: Words

    /// The chores shown: all, or the member's, in order of id.
    var chores: [ChoreHistory] {
        guard let memberID else { return history.chores }
        return history.chores(assignedTo: memberID)
    }

    private func slug(_ memberID: String?) -> String {
        memberID.flatMap(history.family.slug(ofMemberID:)) ?? "-"
    }

    private func tick(_ date: Date?) -> String {
        date.map { time.local($0).description } ?? "-"
    }

    /// First day, chore id, member slug or `-`, mark, tick or `-`: one line per chore and period.
    func writeTSV(to output: TextOutput) {
        var buffer: [UInt8] = []
        for chore in chores {
            var id: [UInt8] = []
            AgendaFormatter.appendField(history.family.chores[chore.choreIndex].id, to: &id)
            for period in history.periodsInWeeks(chore) {
                buffer += period.first.description.utf8
                buffer.append(0x09)
                buffer += id
                buffer.append(0x09)
                buffer += Array("\(slug(period.memberID))\t\(period.mark.rawValue)\t".utf8)
                buffer += tick(period.tick).utf8
                buffer.append(0x0A)
            }
            if buffer.count > 64 * 1024 {
                output.write(String(decoding: buffer, as: UTF8.self))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        output.write(String(decoding: buffer, as: UTF8.self))
    }

    /// The same facts as tsv, with each chore's streaks and each member's and the family's shares.
    func json() -> JSONValue {
        let facts = HistoryFacts(history: history)
        let sections = facts.sections.filter { memberID == nil || $0.member?.id == memberID }
        return .object([
            "begun": .bool(true),
            "weeks": .array(history.weeks.map { .string($0.description) }),
            "firstSync": history.firstSync.map { .string(time.local($0).description) } ?? .null,
            "lastSync": history.lastSync.map { .string(time.local($0).description) } ?? .null,
            "family": .object(["shares": shares(facts.familyShares)]),
            "members": .array(
                sections.map { section in
                    let rows = chores.filter {
                        history.family.chores[$0.choreIndex].assigneeID == section.member?.id
                            || (section.member == nil && isUnassigned($0))
                    }
                    return .object([
                        "slug": section.slug.map { .string($0) } ?? .null,
                        "name": section.member.map { .string($0.name) } ?? .null,
                        "shares": shares(section.shares), "chores": .array(rows.map(choreJSON)),
                    ])
                }),
        ])
    }

    private func isUnassigned(_ chore: ChoreHistory) -> Bool {
        history.family.chores[chore.choreIndex].assigneeID.flatMap(history.family.member(withID:)) == nil
    }

    private func choreJSON(_ chore: ChoreHistory) -> JSONValue {
        let record = history.family.chores[chore.choreIndex]
        return .object([
            "id": .string(record.id), "title": .string(record.title), "recurrence": .string(record.recurrence.rawValue),
            "streak": chore.streak.map { .integer(Int64($0)) } ?? .null,
            "bestStreak": chore.bestStreak.map { .integer(Int64($0)) } ?? .null,
            "periods": .array(
                history.periodsInWeeks(chore).map { period in
                    .object([
                        "period": .string(period.first.description), "due": .string(period.dueDay.description),
                        "member": period.memberID.flatMap(history.family.slug(ofMemberID:)).map { .string($0) }
                            ?? .null,
                        "mark": .string(period.mark.rawValue), "tick": period.tick.map { .string(tick($0)) } ?? .null,
                    ])
                }),
        ])
    }

    private func shares(_ shares: [WeekShare]) -> JSONValue {
        .array(
            shares.map { share in
                .object([
                    "week": .string(share.week.description), "done": .integer(Int64(share.done)),
                    "due": .integer(Int64(share.due)),
                    "percent": share.percentage.map { .integer(Int64($0)) } ?? .null,
                ])
            })
    }
}
