import AemtliApp
import AemtliCLI
import Foundation
import XCTest

/// `aemtli serve` works the household out once per version of the configuration: its builds at
/// each new day use it as it is, so what working it out says (here, that the zone's rules come
/// from the Swift toolchain) is said once, and again only when the file changes.
final class ServeHouseholdTests: XCTestCase {
    let harness = SyncHarness()
    let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))  // 2026-03-25T09:00:00Z
    let notice = "aemtli: notice: the zone database"

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
        // An empty tz database: Europe/Zurich's rules come from Foundation, with a notice.
        try FileManager.default.createDirectory(
            atPath: harness.folder + "/zoneinfo", withIntermediateDirectories: true)
    }

    override func tearDown() {
        harness.tearDown()
    }

    private func waitUntil(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("waited ten seconds in vain", file: file, line: line)
    }

    private func count(_ text: String, in output: BufferOutput) -> Int {
        output.text.components(separatedBy: text).count - 1
    }

    func testTheZoneIsWorkedOutOncePerVersionOfTheConfigurationNotAtEveryBuild() throws {
        try Data(#"{"title": "Familie Muster"}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, result: result) { environment in
            environment.variables["TZDIR"] = self.harness.folder + "/zoneinfo"
        }
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        waitUntil { self.count("Built _site", in: result.stdout) >= 1 }
        // Two new days: each builds the pages again.
        for day in 2...3 {
            clock.advance(86_400)
            control.wake()
            waitUntil { self.count("Built _site", in: result.stdout) >= day }
        }
        XCTAssertEqual(count(notice, in: result.stderr), 1, result.stderr.text)
        // An edited configuration is a new version: worked out, and said, once more.
        try Data(#"{"title": "Familie Meier"}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        waitUntil { self.count("Built _site", in: result.stdout) >= 4 }
        XCTAssertEqual(count(notice, in: result.stderr), 2, result.stderr.text)
    }
}
