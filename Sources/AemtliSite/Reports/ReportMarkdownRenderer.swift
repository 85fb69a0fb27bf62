import AemtliCore
import VisibleText

/// The weekly report as GitHub-flavoured Markdown: a table per member, for an e-mail or a wiki.
public struct ReportMarkdownRenderer {
    let report: WeeklyReport
    let words: Words

    public init(report: WeeklyReport, words: Words) {
        self.report = report
        self.words = words
    }

    public func render(familyTitle: String) -> String {
        var lines = ["# " + Self.escape(familyTitle) + " – " + words.weekTitle(report.week, days: report.days), ""]
        if report.sections.isEmpty { lines += [words[.nothingThisWeek], ""] }
        for section in report.sections {
            lines += ["## " + Self.escape(section.member?.name ?? words[.unassigned]), ""]
            if section.rows.isEmpty {
                lines += [words[.nothingThisWeek], ""]
            } else {
                let days = report.days.map { "\(words.shortWeekday($0)) \($0.day)" }
                lines.append("| \(words[.chore]) | " + days.joined(separator: " | ") + " |")
                lines.append("|---|" + String(repeating: ":-:|", count: 7))
                for row in section.rows {
                    lines.append(
                        "| \(Self.escape(ReportText.oneLine(row.chore.title))) | "
                            + row.cells.map(cell).joined(separator: " | ") + " |")
                }
                lines.append("")
            }
            let facts = SectionFacts(section: section, words: words).lines.map(Self.escape)
            if !facts.isEmpty { lines += facts + [""] }
        }
        lines.append(words[.legend])
        // Record text reaches terminals and mail: control characters are shown, never obeyed.
        return lines.map(VisibleText.visible).joined(separator: "\n") + "\n"
    }

    private func cell(_ cell: WeeklyReport.Cell) -> String {
        switch cell {
        case .none: return " "
        case .box: return "☐"
        case .done: return "✓"
        case .overdue: return "!"
        }
    }

    /// Characters that Markdown would read as syntax in a table cell or a heading get a backslash.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\|*_`[]<>#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
