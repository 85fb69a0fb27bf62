import AemtliCore
import AemtliSite
import Foundation
import XCTest

/// French and Italian (issue #41): the demo family built in each language has no phrase of the
/// English table left in any page, chart, feed or report, nor in the agenda's and history's text.
/// Record text is left aside by looking only for the table's own phrases, of more than one word
/// (the demo family's chore titles are record text, some of them English).
final class LanguagesTests: XCTestCase {
    let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testFrenchAndItalianOutputsHoldNoEnglishPhrase() throws {
        let harness = try CLIHarness()
        let english = Self.englishPhrases
        XCTAssertGreaterThan(english.count, 100, "the table's phrases of more than one word")
        // The demo family, and a family with six weeks of history (its grids, streaks and shares).
        let store = harness.run(
            ["demo-store", "--members", "4", "--chores", "12", "--seed", "2", "--history-weeks", "6", "--out", "store"]
                + now)
        XCTAssertEqual(store.exitCode, .success, store.stderr)
        for language in ["fr", "it"] {
            var outputs: [(String, String)] = []
            for (folder, source) in [(language, [String]()), ("\(language)-history", ["--store", "store"])] {
                let built = harness.run(["build", "--lang", language, "--out", folder] + source + now)
                XCTAssertEqual(built.exitCode, .success, built.stderr)
                outputs += try harness.files(in: folder).filter { !$0.hasPrefix("assets/") }.map {
                    ("\(folder)/\($0)", try harness.read("\(folder)/\($0)"))
                }
                for command in [
                    ["report", "--format", "text"], ["report", "--format", "markdown"], ["report", "--format", "html"],
                    ["agenda"], ["history"],
                ] {
                    let run = harness.run(command + ["--lang", language] + source + now)
                    XCTAssertEqual(run.exitCode, .success, "\(command) \(language): \(run.stderr)")
                    outputs.append(((command + source).joined(separator: " "), run.stdout))
                }
            }
            XCTAssertTrue(outputs.contains { $0.0.hasSuffix(".ics") }, "feeds were built")
            XCTAssertTrue(outputs.contains { $0.0.contains("/reports/") }, "charts were built")
            XCTAssertTrue(
                outputs.contains { $0.1.contains(Words(Language(rawValue: language)!)[.shareChart]) }, "history")
            let htmlLang = "<html lang=\"\(language)\">"
            for (name, text) in outputs {
                if name.hasSuffix(".html") { XCTAssertTrue(text.contains(htmlLang), "\(language) \(name)") }
                let plain = Self.plain(text)
                for phrase in english where plain.contains(phrase) {
                    XCTFail("\(language) \(name) holds the English \"\(phrase)\"")
                }
                for pattern in [#"\d+ of \d+ done"#, #"\bin \d+ days\b"#, #"\d+ days? overdue"#]
                where plain.range(of: pattern, options: .regularExpression) != nil {
                    XCTFail("\(language) \(name) holds the English \(pattern)")
                }
            }
        }
    }

    /// The English table's phrases of more than one word, and the names of days and months (one
    /// word each, but no demo chore title holds one), trimmed of the ": " some end in.
    static var englishPhrases: [String] {
        let words = Words(.en)
        let phrases = Phrase.allCases.map { words[$0].trimmingCharacters(in: CharacterSet(charactersIn: ": ")) }
            .filter { $0.contains(" ") }
        let days = (16...22).map { words.weekday(CivilDate(year: 2026, month: 11, day: $0)) }
        let months = (1...12).map { words.dayAndMonth(CivilDate(year: 2026, month: $0, day: 10)).dropFirst(3) }
        return phrases + days + months.map(String.init)
    }

    /// The text as a reader sees it: feeds' folded lines joined and escapes undone, and the few
    /// character references the pages write.
    static func plain(_ text: String) -> String {
        var plain = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\\,", with: ",")
            .replacingOccurrences(of: "\\;", with: ";").replacingOccurrences(of: "\\n", with: "\n")
        for (reference, character) in [("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            plain = plain.replacingOccurrences(of: reference, with: character)
        }
        return plain
    }
}
