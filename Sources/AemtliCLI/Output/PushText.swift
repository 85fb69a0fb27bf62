import AemtliSync
import Foundation

/// What `sync status` and `aemtli check` say of push (SPEC §9 "Push"): "changes arrive within
/// seconds", or why not and when they arrive instead, from the store's push file.
enum PushText {
    /// One line; `when` writes a time as the command writes its others.
    static func line(_ push: PushStatus?, signedIn: Bool = true, when: (Date) -> String) -> String {
        guard signedIn else { return "Push: off; nobody is signed in, so nothing arrives until someone signs in." }
        guard let push else {
            return
                "Push: off; only a running 'aemtli serve' hears of changes within seconds, so they arrive with the next sync."
        }
        let detail = push.detail.map { " (\($0))" } ?? ""
        switch push.current {
        case .on:
            return "Push: on since \(when(push.since)); changes arrive within seconds ('aemtli serve' listens)."
        case .starting:
            return "Push: starting since \(when(push.since)); until it is on, changes arrive with the next sync."
        case .signIn:
            return
                "Push: off since \(when(push.since)); the session has ended, so changes arrive once someone signs in again."
        case .refused:
            return
                "Push: off since \(when(push.since)); iCloud refused it\(detail), so changes arrive with the next sync; 'aemtli serve' asks again hourly."
        case .failing:
            return
                "Push: off; the long poll has been failing since \(when(push.since))\(detail), so changes arrive with the next sync until it recovers."
        case .stopped:
            return "Push: off; 'aemtli serve' is not running, so changes arrive with the next sync."
        }
    }
}
