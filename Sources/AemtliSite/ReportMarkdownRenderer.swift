import AemtliCore

/// The weekly report as GitHub-flavoured Markdown: a table per member, for an e-mail or a wiki.
public struct ReportMarkdownRenderer {
    let report: WeeklyReport
    let vocabulary: Vocabulary

    public init(report: WeeklyReport, vocabulary: Vocabulary) {
        self.report = report
        self.vocabulary = vocabulary
    }

    public func render(familyTitle: String) -> String {
        var lines = ["# " + Self.escape(familyTitle) + " – " + vocabulary.weekTitle(report.week, days: report.days), ""]
        if report.sections.isEmpty { lines += [vocabulary.nothingThisWeek, ""] }
        for section in report.sections {
            lines += ["## " + Self.escape(section.member?.name ?? vocabulary.unassignedChores), ""]
            if section.rows.isEmpty {
                lines += [vocabulary.nothingThisWeek, ""]
            } else {
                let days = report.days.map { "\(vocabulary.shortWeekday($0)) \($0.day)" }
                lines.append("| \(vocabulary.chore) | " + days.joined(separator: " | ") + " |")
                lines.append("|---|" + String(repeating: ":-:|", count: 7))
                for row in section.rows {
                    lines.append("| \(Self.escape(ReportText.oneLine(row.chore.title))) | " + row.cells.map(cell).joined(separator: " | ") + " |")
                }
                lines.append("")
            }
            let facts = SectionFacts(section: section, vocabulary: vocabulary).lines.map(Self.escape)
            if !facts.isEmpty { lines += facts + [""] }
        }
        lines.append(vocabulary.legend)
        return lines.joined(separator: "\n") + "\n"
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
