import AemtliCore
import Foundation
import Mustache

/// The words of SPEC §8.6 on the pages: "Chores as of 10:15" and the notices, in the page's
/// language. Nil for a store never synced: the pages then say nothing of freshness.
public struct FreshnessText {
    let site: Site

    public init(site: Site) {
        self.site = site
    }

    /// "Chores as of …" and each notice, as lines for a terminal (`aemtli check`); none for a
    /// store never synced.
    public var lines: [String] {
        guard case .object(let object) = values else { return [] }
        var lines: [String] = []
        if case .string(let asOf)? = object["asOf"] { lines.append(asOf) }
        if case .list(let notices)? = object["notices"] {
            for case .object(let notice) in notices { if case .string(let text)? = notice["text"] { lines.append(text) } }
        }
        return lines
    }

    var values: MustacheValue {
        guard let freshness = site.options.freshness else { return .null }
        let words = site.words
        let notices = freshness.notices(at: site.schedule.now, staleAfterMinutes: site.options.staleAfterMinutes)
        let texts: [MustacheValue] = notices.map { notice in
            switch notice {
            case .signInNow(let accessDenied):
                return ["kind": "sign-in", "text": .string(words[accessDenied ? .accessDenied : .signInNow])]
            case .notUpdated(let since, let reason):
                let text = since.map { "\(words[.notUpdatedSince]) \(when($0)): \(self.reason(reason))" }
                    ?? "\(words[.notUpdatedEver]) \(self.reason(reason).capitalizedFirst)"
                return ["kind": "stale", "text": .string(text)]
            case .sessionEndsSoon(let end):
                return ["kind": "ends-soon", "text": .string("\(words[.signInBefore]) \(when(end, alwaysDay: true)).")]
            }
        }
        return [
            "asOf": freshness.lastSuccess.map { .string("\(words[.choresAsOf]) \(when($0))") } ?? .null,
            "notices": .list(texts), "hasNotices": .bool(!texts.isEmpty),
        ]
    }

    /// "10:15" today, else "Tuesday, 17 November, 10:15".
    public func when(_ instant: Date, alwaysDay: Bool = false) -> String {
        let words = site.words
        let local = site.schedule.time.local(instant)
        let time = words.time(local, allDay: false)
        guard alwaysDay || local.date != site.schedule.today else { return time }
        return "\(words.weekday(local.date)), \(words.dayAndMonth(local.date)), \(time)"
    }

    private func reason(_ outcome: Freshness.Outcome) -> String {
        let words = site.words
        switch outcome {
        case .ok: return words[.reasonOK]
        case .temporary: return words[.reasonTemporary]
        case .signIn: return words[.reasonSignIn]
        case .access: return words[.reasonAccess]
        case .configuration: return words[.reasonConfiguration]
        case .protocolError: return words[.reasonProtocol]
        }
    }
}
