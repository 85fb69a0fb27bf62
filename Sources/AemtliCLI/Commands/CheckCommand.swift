import AemtliCore
import Foundation

/// `aemtli check`: reads the store, prints every warning and a summary of what it holds.
enum CheckCommand {
    static let spec = CommandSpec(
        "check", abstract: "Read the store and report every problem and a summary.",
        discussion: "Warnings go to standard error as 'aemtli: warning: FILE: MESSAGE'; the summary to standard output.",
        options: OptionSpec.storeOptions, handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let settings = try invocation.settings()
        let (result, location) = try invocation.readStore(settings: settings, enforcingStrict: false)
        let zone = zoneDescription(settings.zone, database: ZoneDatabase(environment: invocation.environment))
        invocation.print(StoreSummary(result: result, location: location, periods: settings.schedule.periods, zone: zone).text)
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
