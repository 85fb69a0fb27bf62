import AemtliApp
import AemtliCore
import AemtliSite
import Foundation
import VisibleText

/// The three forms of `aemtli agenda`: tsv for machines, json for dashboards, text for people.
struct AgendaFormatter {
    let agenda: Agenda
    let words: Words
    let today: CivilDate
    let color: Bool

    /// `YYYY-MM-DDTHH:MM` (or `YYYY-MM-DD` all day), chore id, member slug or `-`, status, title,
    /// written as bytes in chunks: an agenda of many chores runs to hundreds of thousands of lines.
    func writeTSV(to output: TextOutput) {
        // The id, slug and title columns depend only on the chore: encode them once per chore.
        var middles: [[UInt8]?] = Array(repeating: nil, count: agenda.family.chores.count)
        var titles: [[UInt8]?] = Array(repeating: nil, count: agenda.family.chores.count)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(70 * 1024)
        for entry in agenda.entries {
            let index = entry.choreIndex
            if middles[index] == nil {
                var middle: [UInt8] = [0x09]
                Self.appendField(agenda.family.chores[index].id, to: &middle)
                middle.append(0x09)
                middle.append(contentsOf: (agenda.slug(of: entry) ?? "-").utf8)
                middle.append(0x09)
                middles[index] = middle
                var title: [UInt8] = [0x09]
                Self.appendField(agenda.family.chores[index].title, to: &title)
                title.append(0x0A)
                titles[index] = title
            }
            guard let middle = middles[index], let title = titles[index] else {
                preconditionFailure("made above for this chore")
            }
            Self.appendStart(entry.occurrence, to: &buffer)
            buffer.append(contentsOf: middle)
            buffer.append(contentsOf: entry.status.rawValue.utf8)
            buffer.append(contentsOf: title)
            if buffer.count > 64 * 1024 {
                output.write(String(decoding: buffer, as: UTF8.self))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        output.write(String(decoding: buffer, as: UTF8.self))
    }

    private static func appendStart(_ occurrence: Occurrence, to buffer: inout [UInt8]) {
        buffer += (occurrence.isAllDay ? occurrence.date.description : occurrence.local.description).utf8
    }

    /// The text with tabs and line breaks (any Unicode line break) turned into spaces, so a field
    /// never breaks the table, and any other control character made visible (`\u{1B}`).
    static func appendField(_ text: String, to buffer: inout [UInt8]) {
        guard text.unicodeScalars.contains(where: VisibleText.needsEscape) else {
            return buffer.append(contentsOf: text.utf8)
        }
        var line = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: line.unicodeScalars.append(" ")
            default: line.unicodeScalars.append(scalar)
            }
        }
        buffer.append(contentsOf: VisibleText.visible(line).utf8)
    }

    static func field(_ text: String) -> String {
        var buffer: [UInt8] = []
        appendField(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Grouped by day under localized headings, with aligned columns; colour only on a terminal.
    func writeText(to output: TextOutput) {
        let entries = agenda.entries
        guard !entries.isEmpty else {
            output.write(words[.nothingScheduled] + "\n")
            return
        }
        let timeWidth = entries.map { when($0.occurrence).count }.max() ?? 5
        let statusWidth = entries.map { words.status($0.status).count }.max() ?? 0
        let titleWidth = min(40, entries.map { Self.field(agenda.chore(of: $0).title).count }.max() ?? 0)
        var text = ""
        var day: CivilDate?
        for entry in entries {
            if entry.occurrence.date != day {
                day = entry.occurrence.date
                if !text.isEmpty { text += "\n" }
                var heading = words.longDate(entry.occurrence.date)
                let distance = today.days(to: entry.occurrence.date)
                if (0...1).contains(distance) { heading += " (\(words.countdown(distance)))" }
                text += bold(heading) + "\n"
            }
            let time = pad(when(entry.occurrence), timeWidth)
            let status = paint(
                pad(words.symbol(entry.status) + " " + words.status(entry.status), statusWidth + 2), entry.status)
            let title = pad(Self.shorten(Self.field(agenda.chore(of: entry).title), to: titleWidth), titleWidth)
            let who = agenda.member(of: entry)?.name ?? words[.unassignedMember]
            text += "  \(time)  \(status)  \(title)  \(Self.field(who))\n"
        }
        output.write(text)
    }

    /// The time, and for a time a gap moved past midnight the day it happens, since that is not
    /// the day it belongs to and is listed under (SPEC §4).
    private func when(_ occurrence: Occurrence) -> String {
        let time = words.time(occurrence.local, allDay: occurrence.isAllDay)
        let day = occurrence.local.date
        return day == occurrence.date ? time : words.weekdayAndDate(day) + ", " + time
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// Cut at a character boundary, with "…", when longer than `width` characters.
    static func shorten(_ text: String, to width: Int) -> String {
        guard text.count > width, width > 1 else { return text }
        return String(text.prefix(width - 1)) + "…"
    }

    private func bold(_ text: String) -> String {
        color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    private func paint(_ text: String, _ status: ChoreStatus) -> String {
        guard color else { return text }
        let code: String
        switch status {
        case .overdue: code = "31"
        case .dueToday: code = "33"
        case .done: code = "32"
        case .past: code = "2"
        default: return text
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
