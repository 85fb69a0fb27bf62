import AemtliCore
import Foundation
import ICalendar

/// iCalendar feeds (SPEC §5): one per member with only their chores, and one for the family.
public struct FeedBuilder {
    public static let productID = "-//aemtli//aemtli//EN"

    let site: Site
    /// One VTIMEZONE for every feed of the build, from the family's earliest event to 20 years
    /// after now (and on, where an RRULE describes the zone's rule).
    private let timeZone: [UInt8]
    /// The events' shared parts (the stamp, the organizer, the zone's gaps), for every feed.
    private let events: ChoreEvents

    public init(site: Site) {
        self.site = site
        events = ChoreEvents(site: site)
        let (family, schedule) = (site.family, site.schedule)
        let earliest =
            family.chores.map { chore in
                chore.recurrence == .once ? (chore.dueDate ?? chore.deadline ?? schedule.now) : chore.anchor
            }.min().map { min($0, schedule.now) } ?? schedule.now
        var timeZone: [UInt8] = []
        let end = schedule.now.addingTimeInterval(20 * 366 * 86_400)
        ICalendarTimeZone.component(for: FeedTimeZone.rules(of: schedule.time.zone, from: earliest, to: end))
            .append(to: &timeZone)
        self.timeZone = timeZone
    }

    /// The feed of one member's chores, named "Ämtli – Anna".
    public func memberFeed(_ member: FamilyMember) -> String {
        var output: [UInt8] = []
        renderMemberFeed(member, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Every chore, each summary led by its member's name (or "unassigned").
    public func familyFeed() -> String {
        var output: [UInt8] = []
        renderFamilyFeed(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A job for each feed, which puts it into `sink`: the family's, then each member's.
    public func jobs(to sink: OutputSink) -> [RenderJob] {
        [
            RenderJob {
                var buffer: [UInt8] = []
                renderFamilyFeed(into: &buffer)
                try sink.put(SitePaths.feed(site.familyFeedName), buffer)
            }
        ]
            + site.members.map { entry in
                RenderJob {
                    var buffer: [UInt8] = []
                    renderMemberFeed(entry.member, into: &buffer)
                    try sink.put(entry.feedPath, buffer)
                }
            }
    }

    /// Appends the feed of one member's chores to `output`.
    public func renderMemberFeed(_ member: FamilyMember, into output: inout [UInt8]) {
        calendar(
            name: "\(site.title) – \(member.name)", chores: site.family.chores(assignedTo: member.id),
            prefixWithMember: false,
            extra: { SignInReminder(site: site).write(for: member, to: &$0) }, into: &output)
    }

    /// Appends the family feed to `output`.
    public func renderFamilyFeed(into output: inout [UInt8]) {
        calendar(
            name: "\(site.title) – \(site.words[.familyCalendar])", chores: site.family.chores, prefixWithMember: true,
            into: &output)
    }

    /// `extra` writes events after the chores' (the parent's sign-in reminder).
    private func calendar(
        name: String, chores: [Chore], prefixWithMember: Bool, extra: (inout ICalendarWriter) -> Void = { _ in },
        into output: inout [UInt8]
    ) {
        let calendar = ICalendarComponent(
            "VCALENDAR",
            properties: [
                ICalendarProperty("PRODID", .raw(Self.productID)),
                ICalendarProperty("VERSION", .raw("2.0")),
                ICalendarProperty("CALSCALE", .raw("GREGORIAN")),
                ICalendarProperty("METHOD", .raw("PUBLISH")),
                ICalendarProperty("X-WR-CALNAME", .text(name)),
                ICalendarProperty("X-WR-TIMEZONE", .text(site.schedule.time.zone.identifier)),
                ICalendarProperty("REFRESH-INTERVAL", .duration(3600), parameters: [("VALUE", "DURATION")]),
                ICalendarProperty("X-PUBLISHED-TTL", .duration(3600)),
            ])
        calendar.appendOpening(to: &output)
        output += timeZone
        var writer = ICalendarWriter()
        for chore in chores { events.write(chore, prefixWithMember: prefixWithMember, to: &writer) }
        extra(&writer)
        output += writer.bytes
        calendar.appendClosing(to: &output)
    }
}
