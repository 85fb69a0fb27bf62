import AemtliApp
import AemtliCore
import Foundation

/// The summary `aemtli check` prints: where the records came from and what the family holds.
struct StoreSummary {
    let result: StoreReadResult
    let location: StoreLoader.Location
    let periods: CurrentPeriods
    /// Which zone, and whose data: "Europe/Zurich, from the tz database "/usr/share/zoneinfo" (version 2025b)".
    let zone: String

    var text: String {
        let family = result.family
        let statistics = result.statistics
        var lines: [String] = []
        switch location {
        case .demo: lines.append("Store: the built-in demo family")
        case .path(let path): lines.append("Store: \(path)")
        }
        var read = [count(statistics.sources, "file"), count(statistics.versionsRead, "record version") + " read"]
        if statistics.deletions > 0 { read.append(count(statistics.deletions, "deletion")) }
        if statistics.olderVersionsIgnored > 0 {
            read.append(count(statistics.olderVersionsIgnored, "older version") + " ignored")
        }
        if statistics.errorEntries > 0 { read.append(count(statistics.errorEntries, "CloudKit error") + " skipped") }
        if statistics.skippedRecords > 0 {
            read.append(count(statistics.skippedRecords, "invalid record") + " skipped")
        }
        lines.append("  " + read.joined(separator: ", "))
        lines.append("Time zone: \(zone)")

        let parents = family.members.filter { $0.role == .parent }.count
        let children = family.members.count - parents
        lines.append(
            "Members: \(family.members.count) (\(count(parents, "parent")), \(count(children, "child", plural: "children")))"
        )

        let chores = family.chores
        let byRecurrence = Recurrence.allCases.map { recurrence in
            "\(chores.filter { $0.recurrence == recurrence }.count) \(recurrence.rawValue)"
        }
        lines.append("Chores: \(chores.count) (\(byRecurrence.joined(separator: ", ")))")
        let assigned = chores.filter { $0.assigneeID != nil }.count
        lines.append("  \(assigned) assigned, \(chores.count - assigned) unassigned")
        let done = chores.filter(\.isDone).count
        let stale = chores.filter { $0.isDoneFlagStale(in: periods) }.count
        lines.append(
            "  \(done) marked done, \(count(stale, "stale done flag")) (marked done before the current period began)")
        if !statistics.ignoredRecordTypes.isEmpty {
            let ignored = statistics.ignoredRecordTypes.sorted { $0.key < $1.key }.map { "\($0.value) \"\($0.key)\"" }
            lines.append("Ignored record types: \(ignored.joined(separator: ", "))")
        }
        lines.append("Warnings: \(result.warnings.count)")
        return lines.joined(separator: "\n")
    }

    private func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
