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
    /// The zone's spring-forward gaps from two years before now to two years after: occurrences
    /// written in them are events of their own (SPEC §5).
    private let gaps: [SpringForwardGap]

    init(site: Site) {
        self.site = site
        let schedule = site.schedule
        zone = schedule.time.zone.identifier
        // METHOD:PUBLISH asks for an ORGANIZER on every event (RFC 5546); the family is it, at a
        // reserved address that reaches no one.
        var identity = ICalendarWriter()
        identity.property("DTSTAMP", .utc(Self.utc(site.stampTime)))
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
        let twoYears: TimeInterval = 2 * 365.25 * 86_400
        gaps = SpringForwardGap.gaps(of: schedule.time.zone, from: schedule.now - twoYears, to: schedule.now + twoYears)
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
        let series = ChoreSeries(chore, anchor: anchor, time: time, gaps: gaps)
        let current = chore.recurrence != .once && status == .done ? schedule.currentOccurrence(of: chore) : nil

        func event(
            _ suffix: String, start: LocalDateTime, recurrenceID: LocalDateTime? = nil,
            rule: ICalendarRecurrenceRule? = nil, excluded: [[Date]] = [], done: Bool, doneInAlarm: Bool? = nil,
            to writer: inout ICalendarWriter
        ) {
            writer.begin("VEVENT")
            identity(chore, suffix: suffix, to: &writer)
            if let recurrenceID { timing(recurrenceID, allDay: allDay, property: "RECURRENCE-ID", to: &writer) }
            timing(start, allDay: allDay, property: "DTSTART", to: &writer)
            if let rule { writer.property("RRULE", .recurrence(rule)) }
            for instants in excluded { writer.property("EXDATE", .utcList(instants.map(Self.utc))) }
            summary(chore, prefix: prefix, done: done, to: &writer)
            details(chore, member: member, status: status, to: &writer)
            if prefixWithMember { category(member, to: &writer) }
            finish(allDay: allDay, chore: chore, prefix: prefix, done: doneInAlarm ?? done, to: &writer)
        }

        // The done override goes to the event that holds the current occurrence; one at a gap
        // time is an event of its own, marked below.
        let override = current.flatMap { occurrence in
            series.gapOccurrences.contains { $0.real == occurrence.local } ? nil : occurrence
        }
        for part in series.parts {
            event(
                part.suffix, start: part.start, rule: part.rule.map { rule(from: $0, chore: chore, allDay: allDay) },
                excluded: part.excluded, done: chore.recurrence == .once && status == .done, doneInAlarm: false,
                to: &writer)
            if let occurrence = override, part.holds(occurrence.date) {
                // A time in a whole skipped day is written as the time it really is: the same
                // instant under RFC 5545 §3.3.5, which libical otherwise places a day early.
                let nominal = LocalDateTime(date: occurrence.date, millisecondOfDay: anchor.millisecondOfDay)
                let start = allDay ? nominal : time.resolve(nominal).local
                event(part.suffix, start: start, recurrenceID: start, done: true, to: &writer)
            }
        }
        for gap in series.gapOccurrences {
            event(gap.suffix, start: gap.real, done: current?.local == gap.real, to: &writer)
        }
    }

    /// In the family feed, the member as a category and their colour (RFC 7986 `COLOR`, a CSS
    /// colour name), so a calendar can show whose chore it is at a glance.
    private func category(_ member: SiteMember?, to writer: inout ICalendarWriter) {
        guard let member else { return }
        writer.property("CATEGORIES", .text(member.member.name))
        writer.property("COLOR", .raw(member.color.name))
    }

    /// The UID is the chore's record name, then `@` and `suffix` (`aemtli` for the series, another
    /// for the events split off it), so that each stays the same from build to build.
    private func identity(_ chore: Chore, suffix: String, to writer: inout ICalendarWriter) {
        writer.beginLine("UID")
        writer.appendText(chore.id)
        writer.appendText("@")
        writer.appendText(suffix)
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

    /// A series part's rule with the chore's deadline as UNTIL.
    private func rule(from base: ICalendarRecurrenceRule, chore: Chore, allDay: Bool) -> ICalendarRecurrenceRule {
        var rule = base
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
