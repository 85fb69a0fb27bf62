import AemtliCore
import AemtliSite
import Foundation
import JSON
import XCTest

/// What only `aemtli serve` shows speaks the family's language too (issue #41): the live wall
/// with its tick dialog and the "lost the home server" sentence its script shows, the pairing
/// page, and the sentence a device is told. Record text (the seeded chores' titles) is left
/// aside by looking only for the English table's phrases of more than one word.
final class ServeLanguageTests: XCTestCase {
    let harness = SyncHarness()
    let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testTheServedWallPairingPageAndAnswersSpeakFrenchAndItalian() throws {
        let english = Phrase.allCases.map { Words(.en)[$0] }.filter { $0.contains(" ") }
        for language in [Language.fr, .it] {
            let words = Words(language)
            try Data(#"{"ticks": true, "language": "\#(language.rawValue)"}"#.utf8).write(
                to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
            let (control, done) = try ServeRunner.start(harness: harness, clock: clock)
            defer {
                control.stop()
                _ = done.wait(timeout: .now() + 10)
            }
            let get = { (path: String) in
                String(
                    decoding: (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(control.port)\(path)")!))
                        ?? Data(),
                    as: UTF8.self)
            }
            let start = Date()
            while Date().timeIntervalSince(start) < 5, !get("/wall.html").contains("Chore 1") {
                Thread.sleep(forTimeInterval: 0.05)
            }
            let wall = get("/wall.html"), pair = get("/_aemtli/pair")
            XCTAssertTrue(wall.contains(#"<dialog id="who""#), wall)
            for (name, page) in [("wall", wall), ("pair", pair)] {
                XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(language.rawValue)\">"), name)
                for phrase in english where page.replacingOccurrences(of: "&#39;", with: "'").contains(phrase) {
                    XCTFail("\(language) \(name) holds the English \"\(phrase)\"")
                }
            }
            for phrase in [Phrase.whoDidIt, .parentPin, .undo, .lostServer] {
                XCTAssertTrue(wall.contains(words[phrase].replacingOccurrences(of: "'", with: "&#39;")), "\(phrase)")
            }
            XCTAssertTrue(pair.contains(words[.pairTitle]), pair)
            let refused = try LoopbackPost.send("/_aemtli/pair", #"{"code": "000000"}"#, port: control.port)
            XCTAssertEqual(refused.status, 403)
            XCTAssertEqual(refused.body?["message"]?.stringValue, words[.pairRefused])
        }
    }
}
