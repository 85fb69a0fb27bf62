import AemtliApp
import AemtliCore
import AemtliSite
import AemtliSync
import Foundation

/// `aemtli history`: each chore's periods of the last weeks as the completion journal saw them,
/// streaks and weekly shares (README "History and streaks").
enum HistoryCommand {
    static let weeks = OptionSpec("weeks", value: "n", help: "How many weeks, the current one included (default: 8).")

    static let spec = CommandSpec(
        "history", abstract: "Show who did which chore in the last weeks, streaks and weekly shares.",
        discussion:
            "History comes from STORE/history/done.jsonl, which 'aemtli sync' writes; text leaves out the weeks before the first sync and says when it ran. tsv is the exact machine format: the period's first day, chore id, member slug (or -), mark (done, late, missed, unknown, open), local time of the tick (or -).",
        options: OptionSpec.storeOptions + [.member, weeks, .agendaFormat, .lang],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let household = try invocation.household()
        let settings = invocation.settings(of: household)
        let weekCount = try invocation.number(weeks, in: 1...520) ?? 8
        let format = try invocation.value(.agendaFormat, as: AgendaFormat.self) ?? .text
        let (result, location) = try invocation.readStore(household, settings: settings)
        let member = try invocation.member(in: result.family)
        let journal = try readJournal(invocation, location)
        let output = invocation.environment.standardOutput
        guard !journal.isEmpty else {
            if format == .json {
                output.write("{\"begun\":false}\n")
            } else {
                output.write(settings.words[.historyNotBegun] + "\n")
            }
            return .success
        }
        let history = History(family: result.family, journal: journal, schedule: settings.schedule, weeks: weekCount)
        let writer = HistoryFormatter(
            history: history, memberID: member?.id, time: settings.time, today: settings.schedule.today,
            words: settings.words)
        switch format {
        case .tsv: writer.writeTSV(to: output)
        case .json: output.write(writer.json().serialized() + "\n")
        case .text: output.write(writer.text())
        }
        return .success
    }

    /// `STORE/history/done.jsonl` parsed, its warnings printed; empty when the store is a file,
    /// the demo family, or has no journal yet.
    private static func readJournal(
        _ invocation: Invocation, _ location: StoreLoader.Location
    ) throws -> CompletionJournal {
        let journal = try SyncedStoreFiles(location: location, environment: invocation.environment).completionJournal
        journal.warnings.forEach { invocation.diagnose($0.severity, $0.description) }
        if invocation.arguments.isSet(.strict) { try Household.refuseWarnings(journal.warnings.count) }
        return journal
    }
}
