import AemtliApp
import AemtliCore

/// A type an option's value parses into. `expectation` finishes the sentence of the one message
/// for a value that does not parse: "'VALUE' is not a valid value for '--OPTION'; EXPECTATION".
protocol ArgumentValue {
    /// The value, or the expectation to show when `text` is not one.
    static func parse(_ text: String) -> Result<Self, ArgumentValueProblem>
}

/// Why a flag's value was refused: what to write instead.
struct ArgumentValueProblem: Error, Equatable {
    var expectation: String
}

/// An option whose values are the cases of an enum; its choices come from the enum.
protocol ChoiceValue: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceValue {
    static var choices: [String] { allCases.map(\.rawValue) }

    static func parse(_ text: String) -> Result<Self, ArgumentValueProblem> {
        if let value = Self(rawValue: text) { return .success(value) }
        return .failure(ArgumentValueProblem(expectation: Suggestion.expectation(for: text, among: choices)))
    }
}

extension Language: ChoiceValue {}

/// `aemtli agenda --format`.
enum AgendaFormat: String, ChoiceValue {
    case text, tsv, json
}

/// `aemtli report --format`.
enum ReportFormat: String, ChoiceValue {
    case text, markdown, html
}

extension CivilDate: ArgumentValue {
    static func parse(_ text: String) -> Result<CivilDate, ArgumentValueProblem> {
        guard case .date(let year, let month, let day)? = ISODateTime.parse(text) else {
            return .failure(ArgumentValueProblem(expectation: "write a date as YYYY-MM-DD, like 2026-03-29"))
        }
        return .success(CivilDate(year: year, month: month, day: day))
    }
}

extension ISOWeek: ArgumentValue {
    static func parse(_ text: String) -> Result<ISOWeek, ArgumentValueProblem> {
        if let week = ISOWeek(text) { return .success(week) }
        // A well-formed week past the year's last one: say how many weeks the year has.
        let digits = text.uppercased().replacingOccurrences(of: "-", with: "").split(separator: "W")
        if digits.count == 2, digits[0].count == 4, digits[1].count == 2, let year = Int(digits[0]),
            Int(digits[1]) != nil
        {
            let weeks = ISOWeek.weeks(in: year)
            return .failure(
                ArgumentValueProblem(
                    expectation: "\(year) has \(weeks) weeks, so write \(year)-W01 to \(year)-W\(weeks)"))
        }
        return .failure(ArgumentValueProblem(expectation: "write an ISO week as YYYY-Www, like 2026-W13"))
    }
}
