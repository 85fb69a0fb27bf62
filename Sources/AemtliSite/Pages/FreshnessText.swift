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

    /// One notice as the pages show it: its kind (a class name) and its sentence.
    public struct Notice: Equatable {
        public let kind: String
        public let text: String
    }

    /// "Chores as of 10:15"; nil before the first successful sync, for a store never synced, and
    /// on live pages, which would change with every sync. Templates a family copied before
    /// `synced` still show it; the built-in ones write `synced`, which live pages carry too.
    public var asOf: String? {
        guard !site.options.live else { return nil }
        return site.freshness?.lastSuccess.map { "\(site.words[.choresAsOf]) \(when($0))" }
    }

    /// The notices of SPEC §8.6, most urgent first; none for a store never synced. The demo
    /// family's notice and a kept configuration's come before them all.
    public var notices: [Notice] {
        var first: [Notice] = []
        if site.options.demo { first.append(Notice(kind: "demo", text: site.words[.demoFamily])) }
        if site.options.configurationKept {
            first.append(Notice(kind: "configuration", text: site.words[.configurationKept]))
        }
        guard let freshness = site.freshness else { return first }
        let words = site.words
        return first
            + freshness.notices(at: site.schedule.now, staleAfterMinutes: site.options.staleAfterMinutes).map {
                notice in
                switch notice {
                case .signInNow(let accessDenied):
                    return Notice(kind: "sign-in", text: words[accessDenied ? .accessDenied : .signInNow])
                case .notUpdated(let since, let reason):
                    let text =
                        since.map { "\(words[.notUpdatedSince]) \(when($0)): \(self.reason(reason))" }
                        ?? "\(words[.notUpdatedEver]) \(self.reason(reason).capitalizedFirst)"
                    return Notice(kind: "stale", text: text)
                case .sessionEndsSoon(let end):
                    return Notice(kind: "ends-soon", text: "\(words[.signInBefore]) \(when(end, alwaysDay: true)).")
                }
            }
    }

    /// Whether a change made in the app shows within seconds (SPEC §9 "Push"), and if not why: on a
    /// live dashboard only, and only when serve said. It changes only with push's state (a failure's
    /// time is when it began), so it rewrites no page at every sync.
    public var push: String? {
        guard site.options.live, let push = site.freshness?.push else { return nil }
        let words = site.words
        let reason: String
        switch push {
        case .on: return words[.pushOn]
        case .starting: reason = words[.pushStarting]
        case .signIn: reason = words[.pushSignIn]
        case .refused: reason = words[.pushRefused]
        case .failing(let since): reason = "\(words[.pushFailingSince]) \(when(since))"
        case .stopped: reason = words[.pushStopped]
        }
        return "\(words[.pushLater]): \(reason)."
    }

    /// The last successful sync as "Chores as of" writes it on every page, live ones too (SPEC §9):
    /// `time` as the family's clock read it ("10:15", the day too when not today) and `instant`
    /// with the family's offset, which the live pages' script reads and rewrites. A live page's
    /// file keeps it as of the page's last change (`SyncStamp`), so a quiet sync writes no page.
    var synced: MustacheValue {
        guard let last = site.freshness?.lastSuccess else { return .null }
        return ["time": .string(when(last)), "instant": .string(site.schedule.time.iso(last))]
    }

    var values: MustacheValue {
        guard site.freshness != nil || site.options.demo || site.options.configurationKept else { return .null }
        let texts: [MustacheValue] = notices.map { ["kind": .string($0.kind), "text": .string($0.text)] }
        return [
            "asOf": asOf.map { .string($0) } ?? .null, "synced": synced, "notices": .list(texts),
            "hasNotices": .bool(!texts.isEmpty),
        ]
    }

    /// "10:15" today, else "Tuesday, 17 November, 10:15".
    public func when(_ instant: Date, alwaysDay: Bool = false) -> String {
        let words = site.words
        let local = site.schedule.time.local(instant)
        let time = words.time(local, allDay: false)
        guard alwaysDay || local.date != site.schedule.today else { return time }
        return "\(words.weekdayAndDate(local.date)), \(time)"
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
