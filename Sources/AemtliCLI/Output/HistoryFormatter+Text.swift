import AemtliCore
import AemtliSite

/// `aemtli history` as text: per member, per chore, a mark on each period's due day, a column of
/// seven days per week, eight weeks to a block, so that it fits 80 columns.
extension HistoryFormatter {
    private static let indent = 14
    private static let weeksPerBlock = 8

    /// As the pages, the weeks that end before the first sync are not drawn, and a line says
    /// when history began.
    func text() -> String {
        let facts = HistoryFacts(history: history)
        let hidden = facts.weeksBeforeFirstSync(time)
        var text = "\(words[.history]) (\(words[.historyLegend]))\n"
        if hidden > 0, let firstSync = facts.firstSync {
            text += words.historySince(time.local(firstSync).date, today: today) + "\n"
        }
        for section in facts.sections where memberID == nil || section.member?.id == memberID {
            guard !section.rows.isEmpty || section.shares.dropFirst(hidden).contains(where: { $0.due > 0 }) else {
                continue
            }
            text += "\n" + AgendaFormatter.field(section.member?.name ?? words[.unassigned]) + "\n"
            for block in stride(from: hidden, to: facts.weeks.count, by: Self.weeksPerBlock) {
                let weeks = block..<min(block + Self.weeksPerBlock, facts.weeks.count)
                text +=
                    pad("", Self.indent)
                    + weeks.map { pad(words.weekLabel(facts.weeks[$0]), 8) }.joined() + "\n"
                for row in section.rows {
                    if block == hidden { text += "  " + heading(row) + "\n" }
                    text +=
                        pad("", Self.indent)
                        + weeks.map { row.days[$0].map(HistoryFacts.symbol).joined() + " " }.joined() + "\n"
                }
                let shares = weeks.map { section.shares[$0].percentage.map { "\($0) %" } ?? "–" }
                text += pad("  " + words[.shareDone], Self.indent) + shares.map { pad($0, 8) }.joined() + "\n"
            }
        }
        // Cells of empty days leave spaces at the ends of lines: none are kept.
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)]) }
            .joined(separator: "\n")
    }

    /// "Title · streak 3 · best 12", cut to fit.
    private func heading(_ row: HistoryFacts.ChoreRow) -> String {
        var tail = ""
        if let streak = row.streak, let best = row.bestStreak {
            tail = " · \(words[.currentStreak]) \(streak) · \(words[.bestStreak]) \(best)"
        }
        let title = AgendaFormatter.shorten(AgendaFormatter.field(row.chore.title), to: max(10, 76 - tail.count))
        return title + tail
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
