import AemtliCore
import Foundation
import ICalendar

/// iCalendar feeds (SPEC §5): one per member with only their chores, and one for the family.
public struct FeedBuilder {
    public static let productID = "-//aemtli//aemtli//EN"

    let family: Family
    let schedule: Schedule
    let options: FeedOptions

    public init(family: Family, schedule: Schedule, options: FeedOptions) {
        self.family = family
        self.schedule = schedule
        self.options = options
    }

    /// The feed of one member's chores, named "Ämtli – Anna".
    public func memberFeed(_ member: FamilyMember) -> String {
        let chores = family.chores.filter { $0.assigneeID == member.id }
        return calendar(name: "\(options.familyTitle) – \(member.name)", chores: chores, prefixWithMember: false)
    }

    /// Every chore, each summary led by its member's name (or "unassigned").
    public func familyFeed() -> String {
        calendar(name: "\(options.familyTitle) – \(options.vocabulary.language == .de ? "Familie" : "Family")", chores: family.chores, prefixWithMember: true)
    }

    private func calendar(name: String, chores: [Chore], prefixWithMember: Bool) -> String {
        let events = ChoreEvents(schedule: schedule, options: options, family: family)
        var components: [ICalendarComponent] = []
        var earliest = schedule.now
        for chore in chores {
            let built = events.components(for: chore, prefixWithMember: prefixWithMember)
            components += built.components
            if let start = built.start, start < earliest { earliest = start }
        }
        let zone = schedule.time.timeZone
        let fiveYears = schedule.now.addingTimeInterval(5 * 366 * 86_400)
        let timeZone = ICalendarTimeZone.component(for: zone, from: earliest, to: fiveYears)
        return ICalendarComponent("VCALENDAR", properties: [
            ICalendarProperty("PRODID", .raw(Self.productID)),
            ICalendarProperty("VERSION", .raw("2.0")),
            ICalendarProperty("CALSCALE", .raw("GREGORIAN")),
            ICalendarProperty("METHOD", .raw("PUBLISH")),
            ICalendarProperty("X-WR-CALNAME", .text(name)),
            ICalendarProperty("X-WR-TIMEZONE", .text(zone.identifier)),
            ICalendarProperty("REFRESH-INTERVAL", .duration(3600), parameters: [("VALUE", "DURATION")]),
            ICalendarProperty("X-PUBLISHED-TTL", .duration(3600)),
        ], components: [timeZone] + components).serialized()
    }
}
