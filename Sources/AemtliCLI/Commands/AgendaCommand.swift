import AemtliCore
import AemtliSite
import Foundation

/// `aemtli agenda`: every occurrence starting in a range of local dates (SPEC §5).
enum AgendaCommand {
    static let spec = CommandSpec(
        "agenda", abstract: "List every occurrence starting in a range of local dates.",
        discussion:
            "Without --from, the range starts today; without --to, it ends 14 days after --from. --open lists first what is overdue and still open from before the range; the text format does so by itself when the range starts today. tsv is the exact machine format: start, chore id, member slug (or -), status, title.",
        options: OptionSpec.storeOptions + [.from, .to, .member, open, .agendaFormat, .lang],
        handler: run)

    static let open = OptionSpec(
        "open", help: "First list the chores that are overdue and still open from before --from.")

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let household = try invocation.household()
        let settings = invocation.settings(of: household)
        let schedule = settings.schedule
        let from = try invocation.value(.from, as: CivilDate.self) ?? schedule.today
        let to = try invocation.value(.to, as: CivilDate.self) ?? from.adding(days: 14)
        let format = try invocation.value(.agendaFormat, as: AgendaFormat.self) ?? .text
        guard from < to else {
            throw CLIError(.invalidRange(from: from.description, to: to.description), path: invocation.path)
        }
        let (result, _) = try invocation.readStore(household, settings: settings)
        let member = try invocation.member(in: result.family)
        let open = invocation.arguments.isSet(Self.open) || (format == .text && from == schedule.today)
        let agenda = schedule.agenda(of: result.family, from: from, to: to, memberID: member?.id, open: open)
        let formatter = AgendaFormatter(
            agenda: agenda, words: settings.words, today: schedule.today,
            color: invocation.environment.outputIsTerminal && invocation.environment.variables["NO_COLOR"] == nil)
        switch format {
        case .tsv: formatter.writeTSV(to: invocation.environment.standardOutput)
        case .json: invocation.environment.standardOutput.write(AgendaJSON.render(agenda))
        case .text: formatter.writeText(to: invocation.environment.standardOutput)
        }
        return .success
    }
}
