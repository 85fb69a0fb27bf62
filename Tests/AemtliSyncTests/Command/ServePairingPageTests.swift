import AemtliApp
import AemtliCLI
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The page a tablet pairs on is a template like the others: `--templates` replaces it file by
/// file, serve reads it at each visit, and a template that does not read is said on the server.
final class ServePairingPageTests: XCTestCase {
    let harness = SyncHarness()
    let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func page(_ port: UInt16) throws -> (status: Int, body: String) {
        let url = URL(string: "http://127.0.0.1:\(port)/_aemtli/pair")!
        let answer = PageAnswer()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: url) { data, response, _ in
            answer.status = (response as? HTTPURLResponse)?.statusCode ?? 0
            answer.body = String(decoding: data ?? Data(), as: UTF8.self)
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return (answer.status, answer.body)
    }

    /// What the page's request got, filled in on URLSession's queue.
    private final class PageAnswer: @unchecked Sendable {
        var status = 0
        var body = ""
    }

    private func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: harness.folder + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testWithoutTemplatesThePairingPageIsTheBuiltInOne() throws {
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let served = try page(control.port)
        XCTAssertEqual(served.status, 200)
        XCTAssertTrue(served.body.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), served.body)
        XCTAssertTrue(served.body.contains(#"<input id="pair-code""#), served.body)
        XCTAssertTrue(served.body.contains(#"<a class="button" href="/wall.html">"#), served.body)
    }

    func testAPairingPageInTheTemplatesFolderIsServedAndAnEditShowsAtTheNextVisit() throws {
        try write("tpl/pair.mustache", "<p>{{labels.pairTitle}} at the Meiers</p>\n")
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(
            harness: harness, clock: clock, extra: ["--templates", "tpl"], result: result)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let first = try page(control.port)
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.body, "<p>Pair this device at the Meiers</p>\n")

        try write("tpl/pair.mustache", "<p>Pair {{#labels}}{{/labels}</p>\n")
        let broken = try page(control.port)
        XCTAssertEqual(broken.status, 503)
        XCTAssertTrue(result.stderr.text.contains("aemtli: warning: the pairing page could not be made: "))

        try write("tpl/pair.mustache", "<p>Pair here</p>\n")
        XCTAssertEqual(try page(control.port).body, "<p>Pair here</p>\n")
    }
}
