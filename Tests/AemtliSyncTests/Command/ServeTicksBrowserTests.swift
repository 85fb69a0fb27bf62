import AemtliCLI
import Foundation
import XCTest

/// SPEC §10 in a real browser (headless Chromium through Selenium, from the shared tools), against
/// our CloudKit test server: pair on the pairing page, tap "Done" on the served wall, pick the
/// child, and the record in iCloud changes and the wall shows it. Skipped where the tools are not
/// set up (`AEMTLI_CHECK_TOOLS`, else `../shared/tools` with its `.venv`): CI has none.
final class ServeTicksBrowserTests: XCTestCase {
    private let harness = SyncHarness()
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))

    private var python: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let tools =
            ProcessInfo.processInfo.environment["AEMTLI_CHECK_TOOLS"]
            ?? root.deletingLastPathComponent().appendingPathComponent("shared/tools").path
        let path = tools + "/.venv/bin/python"
        return FileManager.default.isExecutableFile(atPath: path)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") ? path : nil
    }

    override func tearDown() {
        harness.tearDown()
    }

    func testAChildTicksItsOwnChoreOnTheServedWallInABrowser() throws {
        guard let python else { throw XCTSkip("the checking tools (Selenium, Chromium) are not set up here") }
        try harness.start()
        harness.seedFamily(chores: 3)
        let (control, done, code) = try ServeRunner.startWithTicks(harness: harness, clock: clock)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }

        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: python)
        browser.arguments = ["-c", Self.script, String(control.port), code]
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = output
        try browser.run()
        browser.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        XCTAssertEqual(browser.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("paired: This device is paired."), said)
        XCTAssertTrue(said.contains("ticked: Done: the family's app will show it too."), said)
        XCTAssertTrue(said.contains("undo offered: True"), said)
        XCTAssertTrue(said.contains("wall shows it done: True"), said)
        XCTAssertTrue(said.contains("csp violations: 0"), said)
        XCTAssertEqual(
            harness.server.withLock { harness.server.zone.live["c00001"]?["fields"]?["isDone"]?["value"] }, .integer(1))
    }

    /// Pairs, taps Done on Max's chore, picks Max, and reports what the page said and offered.
    static let script = #"""
        import sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        port, code = sys.argv[1], sys.argv[2]
        o = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
            o.add_argument(flag)
        o.binary_location = "/usr/bin/chromium"
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
        try:
            base = "http://127.0.0.1:" + port
            d.get(base + "/_aemtli/pair")
            d.find_element("id", "pair-code").send_keys(code)
            d.find_element("css selector", "#pair-form button").click()
            time.sleep(1)
            print("paired:", d.find_element("id", "pair-message").text)
            d.get(base + "/wall.html")
            time.sleep(1.5)
            d.find_element("css selector", 'button.tick[data-chore="c00001"]').click()
            time.sleep(0.3)
            d.find_element("css selector", '#who-list button[data-member="max"]').click()
            time.sleep(2)
            print("ticked:", d.find_element("id", "tick-message").text)
            print("undo offered:", d.find_element("id", "undo").is_displayed())
            d.find_element("id", "who-cancel").click()
            time.sleep(2)
            done = d.execute_script("return !!document.querySelector('li.status-done')")
            print("wall shows it done:", done)
            csp = [e for e in d.get_log("browser") if "Content Security Policy" in e["message"]]
            print("csp violations:", len(csp))
        finally:
            d.quit()
        """#
}
