import Foundation

/// How fresh a synced store's chores are (SPEC §8.6), from `STORE/cloudkit/status`: the caller
/// reads the file; the site only shows it. Nil on `SiteOptions` for a store never synced (files,
/// the demo family): then the pages say nothing of it.
public struct Freshness: Equatable, Sendable {
    /// The last sync run's result, as the status file names it.
    public enum Outcome: String, Equatable, Sendable {
        case ok, temporary, signIn = "sign-in", access, configuration, protocolError = "protocol"
    }

    public var lastRun: Date
    public var outcome: Outcome
    /// The last successful sync: the time the chores are "as of".
    public var lastSuccess: Date?
    /// The sign-in time plus two weeks, once a sync succeeded more than 30 minutes after sign-in.
    public var sessionExpectedEnd: Date?
    /// Whether serve hears of changes within seconds; nil when no serve said (live pages only show it).
    public var push: PushState?

    public init(lastRun: Date, outcome: Outcome, lastSuccess: Date?, sessionExpectedEnd: Date?) {
        self.lastRun = lastRun
        self.outcome = outcome
        self.lastSuccess = lastSuccess
        self.sessionExpectedEnd = sessionExpectedEnd
    }

    /// What the pages must say at `now` (SPEC §8.6), most urgent first: a sign-in needed now; the
    /// chores not updated for longer than `staleAfterMinutes`, with the reason; the session
    /// ending within 48 hours.
    public func notices(at now: Date, staleAfterMinutes: Int) -> [FreshnessNotice] {
        var notices: [FreshnessNotice] = []
        let needsSignIn = outcome == .signIn || outcome == .access
        if needsSignIn { notices.append(.signInNow(accessDenied: outcome == .access)) }
        let age = lastSuccess.map { now.timeIntervalSince($0) } ?? .infinity
        if age > Double(staleAfterMinutes) * 60 {
            notices.append(.notUpdated(since: lastSuccess, reason: outcome))
        }
        // Only while the end is still ahead: past it, CloudKit decides (a sign-in notice follows).
        if !needsSignIn, let end = sessionExpectedEnd, end > now, end.timeIntervalSince(now) <= 48 * 3600 {
            notices.append(.sessionEndsSoon(end))
        }
        return notices
    }
}

/// One thing the pages say about freshness (SPEC §8.6).
public enum FreshnessNotice: Equatable, Sendable {
    /// The last attempt needs a sign-in (or the Apple ID may no longer read the family).
    case signInNow(accessDenied: Bool)
    /// The last successful sync is older than `staleAfterMinutes` (nil: never), with the last run's outcome.
    case notUpdated(since: Date?, reason: Freshness.Outcome)
    /// The session is expected to end at this time, within 48 hours.
    case sessionEndsSoon(Date)
}
