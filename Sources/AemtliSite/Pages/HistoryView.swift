import AemtliCore
import Mustache

/// The history of SPEC §8.5 on the pages: per member a "Last 8 weeks" table (each chore's marks
/// per week), a bar chart of the weekly share with a table as its text, the current streaks and
/// last week's share. Without a journal: only that history begins with the first `aemtli sync`.
struct HistoryView {
    let site: Site

    /// The member page's section.
    func memberSection(memberID: String) -> MustacheValue {
        guard let facts = site.history, facts.hasBegun, let section = facts.section(memberID: memberID) else {
            return ["hasBegun": false]
        }
        let words = site.words
        let hidden = facts.weeksBeforeFirstSync(site.schedule.time)
        let shown = Array(facts.weeks.dropFirst(hidden))
        let shares = Array(section.shares.dropFirst(hidden))
        let weeks: [MustacheValue] = shown.map {
            ["label": .string(words.weekLabel($0)), "title": .string($0.description)]
        }
        // Most cells of a member's grid are alike ("✓✓✓✓✓✓✓" in week 47): each is made once.
        var cells: [CellKey: MustacheValue] = [:]
        let rows: [MustacheValue] = section.rows.map { row in
            [
                "title": .string(row.chore.title),
                "cells": .list(
                    zip(shown, row.days.dropFirst(hidden)).map { week, days in
                        let key = CellKey(week: week, marks: days.compacted)
                        if let known = cells[key] { return known }
                        let made = cell(week, days)
                        cells[key] = made
                        return made
                    }),
                "streak": row.streak.map { .string("\($0)") } ?? "",
                "best": row.bestStreak.map { .string("\($0)") } ?? "",
            ]
        }
        // The legend of the marks, as `historyLegend` says it, with no-break spaces inside each
        // item and before each separator: a narrow page breaks it between items, never in "○ open".
        let legend = [HistoryMark.done, .late, .missed, .unknown, .open].map {
            HistoryFacts.symbol($0) + "\u{A0}" + words[name($0)].replacingOccurrences(of: " ", with: "\u{A0}")
        }
        return [
            "legend": .string(legend.joined(separator: "\u{A0}· ")),
            "hasBegun": true, "weeks": .list(weeks), "rows": .list(rows), "hasRows": .bool(!rows.isEmpty),
            "since": hidden > 0 ? .string(since(facts)) : "",
            "bars": .list(bars(shares)), "shares": .list(shares.map(shareRow)),
            "chartText": .string(
                words[.shareChart] + ": " + shares.map { "\($0.week): \(percent($0))" }.joined(separator: ", ")),
        ]
    }

    /// "History since the first sync on Thursday, 26 November."
    private func since(_ facts: HistoryFacts) -> String {
        guard let firstSync = facts.firstSync else { return "" }
        return site.words.historySince(site.schedule.time.local(firstSync).date, today: site.schedule.today)
    }

    /// The dashboard's line for a member: last week's share and the longest streaks. A streak
    /// leads with its flame and count ("🔥 6 in a row: Hausaufgaben"), so that it never reads as one
    /// more chore, even where the line is cut short.
    func summary(memberID: String) -> MustacheValue {
        let parts = summaryParts(memberID: memberID)
        return parts.isEmpty ? .null : .string(parts.map(\.text).joined(separator: " · "))
    }

    /// The same line in parts, which the wall shows as badges of their own. One done period is no
    /// run yet: a streak counts from 2 in a row, so that "🔥 1 in a row" never praises a single tick.
    func summaryParts(memberID: String) -> [(text: String, isStreak: Bool)] {
        guard let facts = site.history, facts.hasBegun, let section = facts.section(memberID: memberID) else {
            return []
        }
        let words = site.words
        var parts: [(text: String, isStreak: Bool)] = []
        if let last = section.lastWeek, last.due > 0 {
            parts.append(
                (
                    "\(words[.lastWeek]): \(words.progress(Progress(done: last.done, total: last.due))) (\(percent(last)))",
                    false
                ))
        }
        for row in section.leadingStreaks(2) {
            guard let streak = row.streak, streak >= 2 else { break }
            parts.append(("🔥 \(streak) \(words[.inARow]): \(row.chore.title)", true))
        }
        return parts
    }

    private struct CellKey: Hashable {
        let week: ISOWeek
        let marks: WeekMarks
    }

    /// A cell's marks and its text for screen readers ("Week 47: 6 on time, 1 open"), built by
    /// appending: a member's grid has a hundred or so distinct cells.
    private func cell(_ week: ISOWeek, _ days: WeekMarks) -> MustacheValue {
        var text = ""
        var counts: [(mark: HistoryMark, count: Int)] = []
        for case let mark? in days {
            text += HistoryFacts.symbol(mark)
            if let index = counts.firstIndex(where: { $0.mark == mark }) {
                counts[index].count += 1
            } else {
                counts.append((mark, 1))
            }
        }
        var label = site.words[.week] + " " + String(week.week) + ": "
        if counts.isEmpty { label += "–" }
        for (position, entry) in counts.enumerated() {
            label += (position > 0 ? ", " : "") + site.words.count(entry.count, name(entry.mark))
        }
        return ["text": .string(text), "label": .string(label)]
    }

    private func name(_ mark: HistoryMark) -> Phrase {
        switch mark {
        case .done: return .markDone
        case .late: return .markLate
        case .missed: return .markMissed
        case .unknown: return .markUnknown
        case .open: return .markOpen
        }
    }

    private func percent(_ share: WeekShare) -> String {
        share.percentage.map { "\($0)%" } ?? "–"
    }

    private func shareRow(_ share: WeekShare) -> MustacheValue {
        [
            "week": .string(share.week.description),
            "text": .string(share.due > 0 ? "\(share.done)/\(share.due) (\(percent(share)))" : "–"),
        ]
    }

    /// Bars 20 wide in a 32-wide slot, up to 60 high, on a 256 × 80 chart (SVG units).
    private func bars(_ shares: [WeekShare]) -> [MustacheValue] {
        shares.enumerated().map { index, share in
            let height = share.percentage.map { max(1, $0 * 60 / 100) } ?? 0
            return [
                "x": .int(index * 32 + 6), "y": .int(66 - height), "height": .int(height),
                "labelX": .int(index * 32 + 16),
                "label": .string(site.words.weekLabel(share.week)),
            ]
        }
    }
}
