import AemtliCore
import AemtliSite
import Foundation

/// `aemtli agenda`: every occurrence starting in a range of local dates (SPEC §5).
enum AgendaCommand {
    static let spec = CommandSpec(
        "agenda", abstract: "List every occurrence starting in a range of local dates.",
        discussion: "Without --from, the range starts today; without --to, it ends 14 days after --from. tsv is the exact machine format: start, chore id, member slug (or -), status, title.",
        options: OptionSpec.storeOptions + [.from, .to, .member, .agendaFormat, .lang],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        var settings = try invocation.settings()
        let schedule = settings.schedule()
        let from = try date(.from, invocation) ?? schedule.today
        let to = try date(.to, invocation) ?? from.adding(days: 14)
        guard from < to else {
            throw CLIError(.invalidRange(from: from.description, to: to.description), path: invocation.path)
        }
        let (result, _) = try invocation.readStore(settings: settings)
        let memberID = try member(invocation.arguments.value(.member), in: result.family, invocation)
        let agenda = schedule.agenda(of: result.family, from: from, to: to, memberID: memberID)
        let formatter = AgendaFormatter(agenda: agenda, vocabulary: Vocabulary(settings.language), today: schedule.today,
                                        color: invocation.environment.outputIsTerminal && invocation.environment.variables["NO_COLOR"] == nil)
        switch invocation.arguments.value(.agendaFormat) ?? "text" {
        case "tsv": formatter.writeTSV(to: invocation.environment.standardOutput)
        case "json": invocation.environment.standardOutput.write(AgendaJSON.render(agenda))
        default: formatter.writeText(to: invocation.environment.standardOutput)
        }
        return .success
    }

    private static func date(_ option: OptionSpec, _ invocation: Invocation) throws -> CivilDate? {
        guard let text = invocation.arguments.value(option) else { return nil }
        guard case .date(let year, let month, let day)? = ISODateTime.parse(text) else {
            throw CLIError(.invalidDate(option: option.name, value: text), path: invocation.path)
        }
        return CivilDate(year: year, month: month, day: day)
    }

    /// The member id for a slug given with --member.
    static func member(_ slug: String?, in family: Family, _ invocation: Invocation) throws -> String? {
        guard let slug else { return nil }
        let slugs = MemberSlugs.assign(family.members)
        if let match = slugs.first(where: { $0.value == slug }) { return match.key }
        let known = slugs.values.sorted()
        throw CLIError(.unknownMember(slug, known: known, suggestion: Suggestion.closest(to: slug, among: known)), path: invocation.path)
    }
}
