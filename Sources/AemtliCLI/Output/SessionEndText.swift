import AemtliApp
import AemtliSync
import Foundation

/// What `sync login` and `sync status` say of a session's end (SPEC §8.6), in the family's zone:
/// aemtli cannot see whether "Keep me signed in" was ticked, so until a sync succeeds more than
/// 30 minutes after sign-in both ends are named.
struct SessionEndText {
    let settings: Settings

    /// A day and time, e.g. "Wednesday, 8 April 2026, 11:00" (`serve devices` says its pairing
    /// times so too).
    func when(_ date: Date) -> String {
        let local = settings.time.local(date)
        return "\(settings.words.longDate(local.date)), \(settings.words.time(local, allDay: false))"
    }

    /// "may end at 10:30, unless 'Keep me signed in' was ticked: then about …", to follow "the
    /// session"; the short end without its day when that is the sign-in's day.
    func possibleEnd(of session: Session) -> String {
        let short = settings.time.local(session.shortEnd)
        let sameDay = short.date == settings.time.local(session.signedInAt).date
        let shortText = sameDay ? settings.words.time(short, allDay: false) : when(session.shortEnd)
        return
            "may end at \(shortText), unless 'Keep me signed in' was ticked: then about \(when(session.expectedEnd))"
    }
}
