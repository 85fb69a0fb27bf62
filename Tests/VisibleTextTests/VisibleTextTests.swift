import VisibleText
import XCTest

final class VisibleTextTests: XCTestCase {
    func testTheScreenClearingTitleFromTheHostileRunIsShownNotObeyed() {
        let title = "\u{1B}[2J\u{1B}]0;pwned\u{07} dishes"
        XCTAssertEqual(VisibleText.visible(title), #"\u{1B}[2J\u{1B}]0;pwned\u{7} dishes"#)
    }

    func testEveryControlCharacterAndDirectionOverrideIsEscaped() {
        XCTAssertEqual(
            VisibleText.visible("a\u{0}b\rc\nd\te\u{7F}f\u{85}g\u{9B}h"),
            #"a\u{0}b\u{D}c\u{A}d\u{9}e\u{7F}f\u{85}g\u{9B}h"#)
        XCTAssertEqual(VisibleText.visible("x\u{202E}gnp.exe\u{2066}y\u{2028}"), #"x\u{202E}gnp.exe\u{2066}y\u{2028}"#)
    }

    func testOrdinaryTextInAnyScriptStaysAsItIs() {
        for text in ["Staubsaugen", "Jürg Müller", "李雷", "🧹 Küche", "مرحبا", "tab-free – “quotes”"] {
            XCTAssertEqual(VisibleText.visible(text), text)
        }
    }

    func testQuoteCutsLongTextWithAnEllipsis() {
        XCTAssertEqual(VisibleText.quote(String(repeating: "a", count: 10), limit: 4), "aaaa…")
        XCTAssertEqual(VisibleText.quote("\u{1B}x", limit: 4), #"\u{1B}x"#)
    }
}
