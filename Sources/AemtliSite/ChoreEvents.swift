import AemtliCore
import Foundation
import ICalendar

/// The VEVENTs of one chore: the series (or the single event) and, when its current occurrence
/// is done, an override instance whose summary starts with "✓ ".
struct ChoreEvents {
    let schedule: Schedule
    let options: FeedOptions
    let family: Family

    private var time: FamilyTime { schedule.time }
    private var zone: String { time.timeZone.identifier }

    func components(for chore: Chore, prefixWithMember: Bool) -> (components: [ICalendarComponent], start: Date?) {
        let anchor: LocalDateTime
        switch chore.recurrence {
        case .once:
            guard let due = chore.dueDate ?? chore.deadline else { return ([], nil) }  // undated: nothing to show
            anchor = time.local(due)
        default:
            anchor = time.local(chore.anchor)
        }
        let allDay = anchor.isMidnight
        let summary = self.summary(chore, prefixWithMember: prefixWithMember)
        let status = schedule.status(of: chore)
        var properties = identity(chore) + timing(start: anchor, allDay: allDay, property: "DTSTART")
        if let rule = recurrenceRule(chore, anchor: anchor, allDay: allDay) { properties.append(ICalendarProperty("RRULE", .recurrence(rule))) }
        let doneOnce = chore.recurrence == .once && status == .done
        properties.append(ICalendarProperty("SUMMARY", .text(doneOnce ? "✓ " + summary : summary)))
        properties += details(chore)
        var components = [event(properties, allDay: allDay, summary: summary)]

        if chore.recurrence != .once, status == .done, let occurrence = schedule.currentOccurrence(of: chore) {
            let nominal = LocalDateTime(date: occurrence.date, millisecondOfDay: anchor.millisecondOfDay)
            var override = identity(chore) + timing(start: nominal, allDay: allDay, property: "RECURRENCE-ID")
            override += timing(start: nominal, allDay: allDay, property: "DTSTART")
            override.append(ICalendarProperty("SUMMARY", .text("✓ " + summary)))
            override += details(chore)
            components.append(event(override, allDay: allDay, summary: "✓ " + summary))
        }
        return (components, time.instant(anchor))
    }

    private func identity(_ chore: Chore) -> [ICalendarProperty] {
        // METHOD:PUBLISH asks for an ORGANIZER on every event (RFC 5546); the family is it, at a
        // reserved address that reaches no one.
        var properties = [
            ICalendarProperty("UID", .text("\(chore.id)@aemtli")),
            ICalendarProperty("DTSTAMP", .utc(utc(schedule.now))),
            ICalendarProperty("ORGANIZER", .raw("mailto:family@aemtli.invalid"), parameters: [("CN", options.familyTitle)]),
        ]
        if let created = chore.created { properties.append(ICalendarProperty("CREATED", .utc(utc(created)))) }
        if let modified = chore.modified { properties.append(ICalendarProperty("LAST-MODIFIED", .utc(utc(modified)))) }
        return properties
    }

    /// DTSTART (or RECURRENCE-ID): a DATE for all-day events, else a local time in the family's zone.
    private func timing(start: LocalDateTime, allDay: Bool, property: String) -> [ICalendarProperty] {
        if allDay { return [ICalendarProperty(property, .date(date(start.date)))] }
        return [ICalendarProperty(property, .local(dateTime(start), timeZone: zone))]
    }

    private func event(_ properties: [ICalendarProperty], allDay: Bool, summary: String) -> ICalendarComponent {
        var properties = properties
        properties.append(allDay ? ICalendarProperty("DURATION", .duration(86_400)) : ICalendarProperty("DURATION", .duration(options.eventMinutes * 60)))
        properties.append(ICalendarProperty("TRANSP", .raw("TRANSPARENT")))
        var alarms: [ICalendarComponent] = []
        if !allDay, let minutes = options.reminderMinutes {
            alarms.append(ICalendarComponent("VALARM", properties: [
                ICalendarProperty("ACTION", .raw("DISPLAY")),
                ICalendarProperty("DESCRIPTION", .text(summary)),
                ICalendarProperty("TRIGGER", .duration(-minutes * 60)),
            ]))
        }
        return ICalendarComponent("VEVENT", properties: properties, components: alarms)
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
            rule.until = allDay ? .date(date(time.local(deadline).date)) : .utc(utc(deadline))
        }
        return rule
    }

    private func summary(_ chore: Chore, prefixWithMember: Bool) -> String {
        guard prefixWithMember else { return chore.title }
        let name = chore.assigneeID.flatMap(family.member(withID:))?.name ?? options.vocabulary.unassigned
        return "\(name): \(chore.title)"
    }

    /// DESCRIPTION (assignee, recurrence, deadline, countdown) and the member page's URL.
    private func details(_ chore: Chore) -> [ICalendarProperty] {
        let words = options.vocabulary
        let german = words.language == .de
        var lines: [String] = []
        let member = chore.assigneeID.flatMap(family.member(withID:))
        lines.append(member.map { (german ? "Zugeteilt: " : "Assigned to: ") + $0.name } ?? words.unassigned.capitalizedFirst)
        lines.append((german ? "Wiederholung: " : "Repeats: ") + words.recurrence(chore.recurrence))
        if let deadline = chore.deadline {
            let local = time.local(deadline)
            lines.append((german ? "Frist: " : "Deadline: ") + words.longDate(local.date) + ", " + words.time(local, allDay: false))
        }
        if let countdown = schedule.countdown(of: chore), schedule.status(of: chore) != .done {
            lines.append((german ? "Fällig: " : "Due: ") + words.countdown(countdown))
        }
        var properties: [ICalendarProperty] = []
        if let base = options.baseURL, let member, let page = options.memberPages[member.id] {
            let url = (base.hasSuffix("/") ? base : base + "/") + page
            lines.append(url)
            properties.append(ICalendarProperty("URL", .raw(url), parameters: [("VALUE", "URI")]))
        }
        return [ICalendarProperty("DESCRIPTION", .text(lines.joined(separator: "\n")))] + properties
    }

    private func date(_ date: CivilDate) -> ICalendarDate {
        ICalendarDate(year: date.year, month: date.month, day: date.day)
    }

    private func dateTime(_ local: LocalDateTime) -> ICalendarDateTime {
        ICalendarDateTime(date: date(local.date), hour: local.hour, minute: local.minute, second: local.second)
    }

    private func utc(_ instant: Date) -> ICalendarDateTime {
        let local = FamilyTime.utcLocal(instant)
        return ICalendarDateTime(date: date(local.date), hour: local.hour, minute: local.minute, second: local.second)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
