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
        // Issue #37, point 6 besides the tick itself: the pairing page leads to the wall; the
        // dialog names the chore, asks a PIN only of a member who needs one (anyone but Max for
        // Max's chore), and after the tick offers Undo and Close alone; at 1280×800 each control
        // is 48×48 CSS px or more and 8 px or more from the next.
        let expected = [
            "paired: This device is paired.", "wall link after pairing: True", "dialog names: Chore 1",
            "first name: max", "pin at first: False", "pin for anna: True", "pin for parent: True",
            "pin for max: False", "ticked: Done: the family's app will show it too.", "undo offered: True",
            "after the tick: Undo, Close", "wall shows it done: True", "csp violations: 0",
        ]
        for line in expected { XCTAssertTrue(said.contains(line + "\n"), "\(line) in: \(said)") }
        let measured = said.split(separator: "\n").filter { $0.hasPrefix("controls ") }
        XCTAssertEqual(measured.count, 3, said)
        for line in measured { XCTAssertTrue(line.hasSuffix(": ok"), String(line)) }
        XCTAssertEqual(
            harness.server.withLock { harness.server.zone.live["c00001"]?["fields"]?["isDone"]?["value"] }, .integer(1))
    }

    /// Pairs, taps Done on Max's chore, picks Anna and the parent (each needs a PIN) and then Max,
    /// and reports what the page said and offered, and the sizes and gaps of the controls.
    static let script = #"""
        import sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        port, code = sys.argv[1], sys.argv[2]
        o = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800"):
            o.add_argument(flag)
        o.binary_location = "/usr/bin/chromium"
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
        # "controls NAME: ok" when every shown control in the selector is at least 48x48 CSS px and
        # 8 px from each other one, else what is wrong.
        measure = """
        const boxes = [...document.querySelectorAll(arguments[0])].filter(e => e.offsetParent !== null)
          .map(e => [e.textContent.trim() || e.id, e.getBoundingClientRect()]);
        const wrong = [];
        for (const [name, r] of boxes) if (r.width < 48 || r.height < 48) wrong.push(name + ' is ' + r.width + 'x' + r.height);
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
          const [a, p] = boxes[i], [b, q] = boxes[j];
          const gap = Math.max(q.left - p.right, p.left - q.right, q.top - p.bottom, p.top - q.bottom);
          if (gap < 8) wrong.push(a + ' and ' + b + ' ' + gap + 'px apart');
        }
        return boxes.length ? (wrong.length ? wrong.join('; ') : 'ok') : 'none shown';
        """
        def shown(i):
            return d.find_element("id", i).is_displayed()
        try:
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
            base = "http://127.0.0.1:" + port
            d.get(base + "/_aemtli/pair")
            d.find_element("id", "pair-code").send_keys(code)
            d.find_element("css selector", "#pair-form button").click()
            time.sleep(1)
            print("paired:", d.find_element("id", "pair-message").text)
            print("wall link after pairing:", shown("pair-wall") and not shown("pair-form"))
            d.get(base + "/wall.html")
            time.sleep(1.5)
            print("controls done buttons:", d.execute_script(measure, "button.tick"))
            d.find_element("css selector", 'button.tick[data-chore="c00001"]').click()
            time.sleep(0.3)
            print("dialog names:", d.find_element("id", "who-chore").text)
            print("first name:", d.find_element("css selector", "#who-list button").get_attribute("data-member"))
            print("pin at first:", shown("who-pin-form"))
            for member in ("anna", "parent", "max"):
                d.find_element("css selector", '#who-list button[data-member="%s"]' % member).click()
                print("pin for %s:" % member, shown("who-pin-form"))
                if member == "parent":
                    print("controls asking:", d.execute_script(measure, "#who button, #who input"))
            time.sleep(2)
            print("ticked:", d.find_element("id", "tick-message").text)
            print("undo offered:", shown("undo"))
            print("after the tick:", ", ".join(b.text for b in d.find_elements("css selector", "#who button") if b.is_displayed()))
            print("controls after:", d.execute_script(measure, "#who button"))
            d.find_element("id", "who-close").click()
            time.sleep(2)
            done = d.execute_script("return !!document.querySelector('li.status-done')")
            print("wall shows it done:", done)
            csp = [e for e in d.get_log("browser") if "Content Security Policy" in e["message"]]
            print("csp violations:", len(csp))
        finally:
            d.quit()
        """#
}
