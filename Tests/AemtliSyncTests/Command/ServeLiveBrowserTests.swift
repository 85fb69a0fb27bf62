import AemtliCLI
import CloudKitTestServer
import Foundation
import XCTest

/// SPEC §9's live pages in a real browser (headless Chromium through Selenium, from the shared
/// tools), served against our CloudKit test server: "Chores as of" follows the stream's `synced`
/// events, and the calendar links carry the address the page came from. Skipped where the tools
/// are not set up (`AEMTLI_CHECK_TOOLS`, else `../shared/tools` with its `.venv`): CI has none.
final class ServeLiveBrowserTests: XCTestCase {
    private let harness = SyncHarness()

    private var python: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let tools = ProcessInfo.processInfo.environment["AEMTLI_CHECK_TOOLS"] ?? root.path + "/shared/tools"
        let path = tools + "/.venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else { return nil }
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    override func tearDown() {
        harness.tearDown()
    }

    /// The family's clock as a person reads it, worked out by Foundation rather than by aemtli's
    /// words: "Thursday, 26 November, 12:50", or "12:50" on the day itself.
    private func shown(_ instant: Date, withDay: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.dateFormat = withDay ? "EEEE, d MMMM, HH:mm" : "HH:mm"
        return formatter.string(from: instant)
    }

    func testChoresAsOfFollowsTheSyncedEventInTheBrowser() throws {
        guard let python else { throw XCTSkip("the checking tools (Selenium, Chromium) are not set up here") }
        try harness.start()
        harness.seedFamily(chores: 3)
        // A day ago, to the minute: the first sync is of yesterday, the next one of today.
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 86_400)
        let clock = MovableClock(start)
        XCTAssertEqual(harness.loginByPaste(as: FakeCloudKit.owner).exitCode, .success)
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result)
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        // The wall's own file, once built after the first sync, says its time alone: the same day.
        let asOf = ">\(shown(start, withDay: false))</time>"
        let end = Date().addingTimeInterval(5)
        var wall = ""
        while !wall.contains(asOf), Date() < end {
            Thread.sleep(forTimeInterval: 0.05)
            wall = (try? String(contentsOfFile: harness.folder + "/_site/wall.html", encoding: .utf8)) ?? ""
        }
        XCTAssertTrue(wall.contains(asOf), wall)
        let browser = try BrowserRun(python: python, script: Self.script, arguments: [String(control.port)])
        // The script writes it with the day, since the browser's today is a day later.
        let first = browser.line(startingWith: "first:")
        XCTAssertEqual(first, "first: \(shown(start, withDay: true))", browser.said)
        clock.advance(86_400)
        control.wake()
        browser.send("go")
        let second = try XCTUnwrap(browser.line(startingWith: "second:"), browser.said)
        XCTAssertEqual(second, "second: \(shown(clock.now, withDay: false))", browser.said + result.stderr.text)
        browser.send("go")
        XCTAssertEqual(browser.finish(), 0, browser.said)
        XCTAssertTrue(browser.said.contains("csp violations: 0"), browser.said)
    }

    func testFeedLinksCarryTheAddressThePageWasServedFrom() throws {
        guard let python else { throw XCTSkip("the checking tools (Selenium, Chromium) are not set up here") }
        try harness.start()
        harness.seedFamily(chores: 3)
        let (control, done) = try ServeRunner.start(harness: harness, clock: MovableClock(Date()))
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        // localhost, not the 127.0.0.1 serve printed: the address the browser used is the one to keep.
        let page = "http://localhost:\(control.port)/members/anna.html"
        let browser = try BrowserRun(python: python, script: Self.feedScript, arguments: [page])
        XCTAssertEqual(browser.finish(), 0, browser.said)
        let feed = "//localhost:\(control.port)/feeds/anna.ics"
        XCTAssertTrue(browser.said.contains("linux: address http:\(feed) shown True copy True app False"), browser.said)
        XCTAssertTrue(browser.said.contains("iphone: app webcal:\(feed) shown True address False"), browser.said)
        XCTAssertTrue(browser.said.contains("csp violations: 0"), browser.said)
    }

    /// Reads the wall's "Chores as of" time once the stream spoke; waits for a line on standard
    /// input (the test's sync), then reads it again once it changed.
    static let script = #"""
        import sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        port = sys.argv[1]
        o = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-GB"):
            o.add_argument(flag)
        o.binary_location = "/usr/bin/chromium"
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
        def wait_for(condition):
            end = time.time() + 5
            while time.time() < end and not condition():
                time.sleep(0.1)
        try:
            d.get("http://127.0.0.1:" + port + "/wall.html")
            wait_for(lambda: "," in d.find_element("id", "synced").text)
            print("first:", d.find_element("id", "synced").text, flush=True)
            sys.stdin.readline()
            before = d.find_element("id", "synced").text
            wait_for(lambda: d.find_element("id", "synced").text != before)
            print("second:", d.find_element("id", "synced").text, flush=True)
            sys.stdin.readline()
            csp = [e for e in d.get_log("browser") if "Content Security Policy" in e["message"]]
            print("csp violations:", len(csp), flush=True)
        finally:
            d.quit()
        """#

    /// Opens a member page as Chromium on Linux, then as an iPhone, and reports the feed's links.
    static let feedScript = #"""
        import sys
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        page = sys.argv[1]
        o = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            o.add_argument(flag)
        o.binary_location = "/usr/bin/chromium"
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
        try:
            d.get(page)
            app = d.find_element("css selector", "a[data-webcal]")
            address = d.find_element("css selector", "[data-address]")
            copy = d.find_element("css selector", "[data-copy]")
            print("linux: address", address.text, "shown", address.is_displayed(), "copy", copy.is_displayed(),
                  "app", app.is_displayed(), flush=True)
            iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
            d.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": iphone})
            d.get(page)
            app = d.find_element("css selector", "a[data-webcal]")
            print("iphone: app", app.get_attribute("href"), "shown", app.is_displayed(), "address",
                  d.find_element("css selector", "[data-address]").is_displayed(), flush=True)
            csp = [e for e in d.get_log("browser") if "Content Security Policy" in e["message"]]
            print("csp violations:", len(csp), flush=True)
        finally:
            d.quit()
        """#
}
