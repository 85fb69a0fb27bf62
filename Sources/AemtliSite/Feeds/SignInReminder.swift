import AemtliCore
import Foundation
import ICalendar

/// The parent's reminder (SPEC §8.6): once a session's two-week end is known, one all-day event
/// "Sign in to aemtli again" on the day before the session is expected to end, with an alarm at
/// 08:00 that morning. Its UID names the session's end, so it stays the same from build to build
/// and a new sign-in (a new end) replaces it.
struct SignInReminder {
    let site: Site

    /// The event for `member`'s feed, when they are a parent and a session's end is known.
    func write(for member: FamilyMember, to writer: inout ICalendarWriter) {
        guard member.role == .parent, let end = site.freshness?.sessionExpectedEnd else { return }
        let time = site.schedule.time
        let day = time.local(end).date.adding(days: -1)
        let words = site.words
        writer.begin("VEVENT")
        writer.property("UID", .raw("sign-in-\(end.millis)@aemtli"))
        writer.property("DTSTAMP", .utc(ICalendarDateTime(utc: site.stampTime)))
        writer.property("ORGANIZER", .raw("mailto:family@aemtli.invalid"), parameters: [("CN", site.title)])
        writer.property("DTSTART", .date(ICalendarDate(year: day.year, month: day.month, day: day.day)))
        writer.property("DURATION", .duration(86_400))
        writer.property("SUMMARY", .text(words[.reminderTitle]))
        writer.property("DESCRIPTION", .text(words[.reminderDescription]))
        writer.property("TRANSP", .raw("TRANSPARENT"))
        writer.begin("VALARM")
        writer.property("ACTION", .raw("DISPLAY"))
        writer.property("DESCRIPTION", .text(words[.reminderTitle]))
        writer.property("TRIGGER", .duration(8 * 3600))
        writer.end("VALARM")
        writer.end("VEVENT")
    }
}
