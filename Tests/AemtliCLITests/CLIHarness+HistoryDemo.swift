import XCTest

/// The demo family of four with six weeks of journal, which the wall's tests measure.
extension CLIHarness {
    /// Writes the store (seed 2, 18 November 2026 at 10:00 in Zurich) to `store` and builds it
    /// into `history`: Jürg's "Staubsaugen 7" has a streak of 1, Zoë's "Hausaufgaben 9" one of 6.
    func buildHistoryDemo(file: StaticString = #filePath, line: UInt = #line) {
        let now = ["--now", "2026-11-18T10:00:00+01:00", "--time-zone", "Europe/Zurich"]
        let store = run(
            ["demo-store", "--members", "4", "--chores", "12", "--seed", "2", "--history-weeks", "6", "--out", "store"]
                + now)
        XCTAssertEqual(store.exitCode, .success, store.stderr, file: file, line: line)
        let built = run(["build", "--store", "store", "--out", "history"] + now)
        XCTAssertEqual(built.exitCode, .success, built.stderr, file: file, line: line)
    }
}
