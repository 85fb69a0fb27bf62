import AemtliApp
import AemtliCore
import AemtliSite
import AemtliSync
import Foundation

/// `aemtli check`: reads the store, prints every warning and a summary of what it holds.
enum CheckCommand {
    static let spec = CommandSpec(
        "check", abstract: "Read the store and report every problem and a summary.",
        discussion:
            "Warnings go to standard error as 'aemtli: warning: FILE: MESSAGE'; the summary to standard output.",
        options: OptionSpec.storeOptions, handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let household = try invocation.household()
        let settings = invocation.settings(of: household)
        let (result, location) = try invocation.readStore(household, settings: settings, enforcingStrict: false)
        let zone = zoneDescription(settings.zone, database: ZoneDatabase(environment: invocation.environment))
        invocation.print(
            StoreSummary(result: result, location: location, periods: settings.schedule.periods, zone: zone).text)
        let synced = try SyncedStoreFiles(location: location, environment: invocation.environment)
        if let freshness = synced.freshness {
            let site = Site(
                family: result.family, schedule: settings.schedule, words: Words(.en),
                title: settings.familyTitle(result.family), options: settings.siteOptions, freshness: freshness)
            let text = FreshnessText(site: site)
            var lines = [
                "Synced: last run \(text.when(freshness.lastRun, alwaysDay: true)), \(freshness.outcome.rawValue)"
            ]
            lines[0] += "; last success " + (freshness.lastSuccess.map { text.when($0, alwaysDay: true) } ?? "never")
            // No end known (no session yet, or one that ended): said by the notices below in words
            // a parent acts on, so the clause is left out rather than "(none known)".
            if let end = freshness.sessionExpectedEnd {
                lines[0] += "; the session ends about \(text.when(end, alwaysDay: true))"
            }
            lines[0] += "."
            let notices = text.notices.map(\.text)
            lines.append(
                "Pages show: "
                    + (notices.isEmpty ? "\(text.asOf ?? "nothing"), no notice." : notices.joined(separator: " ")))
            // From the same files, once a serve said: whether it hears of changes within seconds
            // (SPEC §9 "Push"). A store a timer keeps has no such file, and no need of the line.
            if let push = synced.push { lines.append(PushText.line(push) { text.when($0, alwaysDay: true) }) }
            lines.forEach(invocation.print)
        }
        try invocation.enforceStrict(result)
        return .success
    }

    /// The zone's name and where its rules come from, with the data's version where known.
    static func zoneDescription(_ zone: FamilyZone, database: ZoneDatabase) -> String {
        switch zone.rules {
        case .tzif:
            let version = database.version().map { " (version \($0))" } ?? " (version not stated)"
            return "\(zone.identifier), from the tz database \"\(database.folder)\"\(version)"
        case .foundation:
            return "\(zone.identifier), from the Swift toolchain's zone data (tz \(TimeZone.timeZoneDataVersion))"
        }
    }
}
