import AemtliCore
import Foundation
import ICalendar

/// The VEVENTs of one chore: the series (or the single event) and, when its current occurrence
/// is done, an override instance whose summary starts with "✓ ". Written straight into a feed's
/// bytes; what every event shares (DTSTAMP, ORGANIZER, durations) is written out once.
struct ChoreEvents {
    let site: Site
    private let zone: String
    private let sharedIdentity: [UInt8]
    private let allDayEnd: [UInt8]
    private let timedEnd: [UInt8]

    init(site: Site) {
        self.site = site
        let schedule = site.schedule
        zone = schedule.time.zone.identifier
        // METHOD:PUBLISH asks for an ORGANIZER on every event (RFC 5546); the family is it, at a
        // reserved address that reaches no one.
        var identity = ICalendarWriter()
        identity.property("DTSTAMP", .utc(Self.utc(schedule.now)))
        identity.property("ORGANIZER", .raw("mailto:family@aemtli.invalid"), parameters: [("CN", site.title)])
        sharedIdentity = identity.bytes
        var allDay = ICalendarWriter()
        allDay.property("DURATION", .duration(86_400))
        allDay.property("TRANSP", .raw("TRANSPARENT"))
        allDayEnd = allDay.bytes
        var timed = ICalendarWriter()
        timed.property("DURATION", .duration(site.options.eventMinutes * 60))
        timed.property("TRANSP", .raw("TRANSPARENT"))
        timedEnd = timed.bytes
    }

    private var schedule: Schedule { site.schedule }
    private var time: FamilyTime { site.schedule.time }

    func write(_ chore: Chore, prefixWithMember: Bool, to writer: inout ICalendarWriter) {
        let anchor: LocalDateTime
        switch chore.recurrence {
        case .once:
            guard let due = chore.dueDate ?? chore.deadline else { return }  // undated: nothing to show
            anchor = time.local(due)
        default:
            anchor = time.local(chore.anchor)
        }
        let allDay = anchor.isMidnight
        let member = chore.assigneeID.flatMap(site.member(withID:))
        let prefix = prefixWithMember ? (member?.member.name ?? site.words[.unassignedMember]) + ": " : ""
        let status = schedule.status(of: chore)

        writer.begin("VEVENT")
        identity(chore, to: &writer)
        timing(anchor, allDay: allDay, property: "DTSTART", to: &writer)
        if let rule = recurrenceRule(chore, anchor: anchor, allDay: allDay) {
            writer.property("RRULE", .recurrence(rule))
        }
        summary(chore, prefix: prefix, done: chore.recurrence == .once && status == .done, to: &writer)
        details(chore, member: member, status: status, to: &writer)
        if prefixWithMember { category(member, to: &writer) }
        finish(allDay: allDay, chore: chore, prefix: prefix, done: false, to: &writer)

        if chore.recurrence != .once, status == .done, let occurrence = schedule.currentOccurrence(of: chore) {
            // A time in a spring-forward gap is written as the time it really is (02:30 → 03:30):
            // the same instant under RFC 5545 §3.3.5, which libical otherwise places an hour early.
            let nominal = LocalDateTime(date: occurrence.date, millisecondOfDay: anchor.millisecondOfDay)
            let start = allDay ? nominal : time.resolve(nominal).local
            writer.begin("VEVENT")
            identity(chore, to: &writer)
            timing(start, allDay: allDay, property: "RECURRENCE-ID", to: &writer)
            timing(start, allDay: allDay, property: "DTSTART", to: &writer)
            summary(chore, prefix: prefix, done: true, to: &writer)
            details(chore, member: member, status: status, to: &writer)
            if prefixWithMember { category(member, to: &writer) }
            finish(allDay: allDay, chore: chore, prefix: prefix, done: true, to: &writer)
        }
    }

    /// In the family feed, the member as a category and their colour (RFC 7986 `COLOR`, a CSS
    /// colour name), so a calendar can show whose chore it is at a glance.
    private func category(_ member: SiteMember?, to writer: inout ICalendarWriter) {
        guard let member else { return }
        writer.property("CATEGORIES", .text(member.member.name))
        writer.property("COLOR", .raw(member.color.name))
    }

    private func identity(_ chore: Chore, to writer: inout ICalendarWriter) {
        writer.beginLine("UID")
        writer.appendText(chore.id)
        writer.appendText("@aemtli")
        writer.endLine()
        writer.append(contentsOf: sharedIdentity)
        if let created = chore.created { writer.property("CREATED", .utc(Self.utc(created))) }
        if let modified = chore.modified { writer.property("LAST-MODIFIED", .utc(Self.utc(modified))) }
    }

    /// DTSTART (or RECURRENCE-ID): a DATE for all-day events, else a local time in the family's zone.
    private func timing(_ start: LocalDateTime, allDay: Bool, property: String, to writer: inout ICalendarWriter) {
        if allDay {
            writer.property(property, .date(Self.date(start.date)))
        } else {
            writer.property(property, .local(Self.dateTime(start), timeZone: zone))
        }
    }

    /// SUMMARY, or the alarm's DESCRIPTION: the title, led by the member's name in the family feed.
    private func summary(
        _ chore: Chore, prefix: String, done: Bool, property: String = "SUMMARY", to writer: inout ICalendarWriter
    ) {
        writer.beginLine(property)
        if done { writer.appendText("✓ ") }
        writer.appendText(prefix)
        writer.appendText(chore.title)
        writer.endLine()
    }

    /// DURATION, TRANSP, a display alarm for timed events when configured, and the end.
    private func finish(allDay: Bool, chore: Chore, prefix: String, done: Bool, to writer: inout ICalendarWriter) {
        writer.append(contentsOf: allDay ? allDayEnd : timedEnd)
        if !allDay, let minutes = site.options.reminderMinutes {
            writer.begin("VALARM")
            writer.property("ACTION", .raw("DISPLAY"))
            summary(chore, prefix: prefix, done: done, property: "DESCRIPTION", to: &writer)
            writer.property("TRIGGER", .duration(-minutes * 60))
            writer.end("VALARM")
        }
        writer.end("VEVENT")
    }

    /// SPEC §4 as an RRULE: same wall-clock time in the zone; monthly on days 29–31 takes the last
    /// existing day of each month through BYSETPOS=-1; a deadline is UNTIL.
    private func recurrenceRule(_ chore: Chore, anchor: LocalDateTime, allDay: Bool) -> ICalendarRecurrenceRule? {
        var rule: ICalendarRecurrenceRule
        switch chore.recurrence {
        case .once: return nil
        case .daily: rule = ICalendarRecurrenceRule(.daily)
        case .weekly: rule = ICalendarRecurrenceRule(.weekly)
        case .monthly:
            rule = ICalendarRecurrenceRule(.monthly)
            if anchor.date.day > 28 {
                rule.byMonthDay = Array(28...anchor.date.day)
                rule.bySetPosition = [-1]
            }
        }
        if let deadline = chore.deadline {
            rule.until = allDay ? .date(Self.date(time.local(deadline).date)) : .utc(Self.utc(deadline))
        }
        return rule
    }

    /// DESCRIPTION (assignee, recurrence, deadline, countdown) and the member page's URL.
    private func details(_ chore: Chore, member: SiteMember?, status: ChoreStatus?, to writer: inout ICalendarWriter) {
        let words = site.words
        writer.beginLine("DESCRIPTION")
        if let member {
            writer.appendText(words[.assignedTo])
            writer.appendText(member.member.name)
        } else {
            writer.appendText(words[.unassignedMember].capitalizedFirst)
        }
        writer.appendTextLineBreak()
        writer.appendText(words[.repeats])
        writer.appendText(words.recurrence(chore.recurrence))
        if let deadline = chore.deadline {
            let local = time.local(deadline)
            writer.appendTextLineBreak()
            writer.appendText(words[.deadline])
            writer.appendText(words.longDate(local.date) + ", " + words.time(local, allDay: false))
        }
        if status != .done, let countdown = schedule.countdown(of: chore) {
            writer.appendTextLineBreak()
            writer.appendText(words[.due])
            writer.appendText(words.countdown(countdown))
        }
        var url: String?
        if let base = site.options.baseURL, let member {
            let address = SitePaths.absolute(member.pagePath, base: base)
            writer.appendTextLineBreak()
            writer.appendText(address)
            url = address
        }
        writer.endLine()
        if let url { writer.property("URL", .raw(url), parameters: [("VALUE", "URI")]) }
    }

    private static func date(_ date: CivilDate) -> ICalendarDate {
        ICalendarDate(year: date.year, month: date.month, day: date.day)
    }

    private static func dateTime(_ local: LocalDateTime) -> ICalendarDateTime {
        ICalendarDateTime(date: date(local.date), hour: local.hour, minute: local.minute, second: local.second)
    }

    private static func utc(_ instant: Date) -> ICalendarDateTime {
        let local = FamilyTime.utcLocal(instant)
        return ICalendarDateTime(date: date(local.date), hour: local.hour, minute: local.minute, second: local.second)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
