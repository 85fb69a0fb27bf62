import AemtliCore
import VisibleText

/// The weekly report for a terminal or an e-mail: at most 80 columns, box-drawing lines or
/// (`ascii`) plain ASCII for old printers.
public struct ReportTextRenderer {
    public static let width = 80

    let report: WeeklyReport
    let words: Words
    let ascii: Bool

    public init(report: WeeklyReport, words: Words, ascii: Bool = false) {
        self.report = report
        self.words = words
        self.ascii = ascii
    }

    private let dayWidth = 5
    /// 80 columns: the borders (2 + 7), seven day columns and the chore column.
    private var titleWidth: Int { Self.width - 9 - 7 * dayWidth - 2 }

    public func render(familyTitle: String) -> String {
        var lines = [familyTitle + " – " + words.weekTitle(report.week, days: report.days), ""]
        if report.sections.isEmpty { lines.append(words[.nothingThisWeek]) }
        for section in report.sections {
            lines.append(section.member?.name ?? words[.unassigned])
            lines += grid(section)
            lines += SectionFacts(section: section, words: words).lines
            lines.append("")
        }
        // Record text reaches terminals: control characters are shown, never obeyed.
        return lines.map(VisibleText.visible).joined(separator: "\n")
    }

    private func grid(_ section: WeeklyReport.Section) -> [String] {
        guard !section.rows.isEmpty else { return ["  " + words[.nothingThisWeek]] }
        let bar = ascii ? "|" : "│"
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            let line = ascii ? "-" : "─"
            let day = String(repeating: line, count: dayWidth)
            return left + String(repeating: line, count: titleWidth + 2) + middle
                + Array(repeating: day, count: 7).joined(separator: middle) + right
        }
        let corners =
            ascii ? ["+", "+", "+", "+", "+", "+", "+", "+", "+"] : ["┌", "┬", "┐", "├", "┼", "┤", "└", "┴", "┘"]
        let names = report.days.map { TextWidth.pad(" " + words.shortWeekday($0), to: dayWidth) }
        let dates = report.days.map { TextWidth.pad(" " + String($0.day), to: dayWidth) }
        var lines = [rule(corners[0], corners[1], corners[2])]
        lines.append(
            bar + " " + TextWidth.pad(words[.chore], to: titleWidth) + " " + bar + names.joined(separator: bar) + bar)
        lines.append(bar + " " + TextWidth.pad("", to: titleWidth) + " " + bar + dates.joined(separator: bar) + bar)
        lines.append(rule(corners[3], corners[4], corners[5]))
        for row in section.rows {
            let title = TextWidth.pad(
                TextWidth.shorten(ReportText.oneLine(row.chore.title), to: titleWidth), to: titleWidth)
            lines.append(bar + " " + title + " " + bar + row.cells.map(cell).joined(separator: bar) + bar)
        }
        lines.append(rule(corners[6], corners[7], corners[8]))
        return lines
    }

    private func cell(_ cell: WeeklyReport.Cell) -> String {
        switch cell {
        case .none: return "     "
        case .box: return " [ ] "
        case .done: return ascii ? " [x] " : " [✓] "
        case .overdue: return " [!] "
        }
    }
}

/// The lines under a section's grid, shared by text and Markdown: progress, deadlines, and once
/// chores from earlier weeks still overdue.
struct SectionFacts {
    let section: WeeklyReport.Section
    let words: Words

    var lines: [String] {
        var lines: [String] = []
        if let progress = section.progress, progress.total > 0 {
            lines.append("\(words[.progressColumn]): \(words.progress(progress))")
        }
        if !section.deadlines.isEmpty {
            lines.append(words[.deadlinesThisWeek] + ":")
            lines += section.deadlines.map {
                "- \(ReportText.oneLine($0.chore.title)): \(words.weekdayAndDate($0.local.date)), \(words.time($0.local, allDay: false)) (\(words.countdown($0.countdown)))"
            }
        }
        if !section.overdueBefore.isEmpty {
            lines.append(words[.overdueFromBefore] + ":")
            lines += section.overdueBefore.map {
                "- \(ReportText.oneLine($0.chore.title)) (\(words.countdown($0.countdown)))"
            }
        }
        return lines
    }
}

enum ReportText {
    /// Line breaks and tabs in record text become spaces, so a title stays on its line, and any
    /// other control character is made visible before widths are measured.
    static func oneLine(_ text: String) -> String {
        VisibleText.visible(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
    }
}
