import Foundation
import XCTest

/// Runs a Python script against headless Chromium through Selenium, from the validator tools
/// (`AEMTLI_CHECK_TOOLS`, else `../shared/tools` with its `.venv`) and Debian's chromedriver: the
/// pages measured as a browser lays them out. Where they are not set up (CI), the test is skipped.
enum HeadlessChromium {
    /// Runs `body` with `d`, a driver whose viewport is `width`×`height` CSS pixels at scale 1
    /// (`mobile` for a phone), and `sys` imported; `arguments` are its `sys.argv[1:]`. What it
    /// printed, once it has ended; the test fails when it ended otherwise than with 0.
    static func run(
        _ body: String, width: Int, height: Int, mobile: Bool = false, arguments: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        guard let tools = FeedEnginesTests.toolsFolder() else {
            throw XCTSkip(
                "the validator tools are not set up here (set AEMTLI_CHECK_TOOLS to a set-up copy, "
                    + "or run ../shared/tools/setup.sh), so nothing can be measured in a browser")
        }
        let python = tools.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
        else { throw XCTSkip("\(tools.path) has no Selenium .venv, or chromedriver is missing") }
        let script = """
            import sys
            from selenium import webdriver
            from selenium.webdriver.chrome.options import Options
            from selenium.webdriver.chrome.service import Service
            o = Options()
            for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(width),\(height)"):
                o.add_argument(flag)
            o.binary_location = "/usr/bin/chromium"
            d = webdriver.Chrome(options=o, service=Service("/usr/bin/chromedriver"))
            try:
                d.set_window_size(\(width), \(height))
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": \(width), "height": \(height), "deviceScaleFactor": 1, "mobile": \(mobile ? "True" : "False")})
            \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
            finally:
                d.quit()
            """
        let browser = Process()
        browser.executableURL = python
        browser.arguments = ["-c", script] + arguments
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = output
        try browser.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        XCTAssertEqual(browser.terminationStatus, 0, said, file: file, line: line)
        return said
    }
}
