import AemtliCLI
import Foundation
import XCTest

/// The zone rules come from the tz database that `TZDIR` names: here a Europe/Zurich without summer
/// time, compiled by the system's `zic` into a temporary folder.
final class ZoneDatabaseTests: XCTestCase {
    /// A store with one daily chore at 23:30 local time, from 2026-03-20 on (winter time, when both zones agree).
    func makeStore(_ harness: CLIHarness) throws {
        try harness.write(
            "store/family.json",
            #"""
            {"members": [{"id": "M1", "name": "Anna", "role": "child"}],
             "chores": [{"id": "C1", "title": "Licht löschen", "assignedTo": "M1", "dueDate": "2026-03-20T23:30:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"}]}
            """#)
    }

    /// A tz database with a Zurich on CET all year, and a `+VERSION` file; skips where `zic` is missing.
    func makeDatabase(_ harness: CLIHarness) throws -> String {
        guard
            let zic = ["/usr/sbin/zic", "/usr/bin/zic", "/sbin/zic"].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else {
            throw XCTSkip("zic is not installed here, so no zone database can be compiled for this test")
        }
        try harness.write("tzsource/zurich", "Zone Europe/Zurich 1:00 - CET\n")
        let folder = harness.directory.appendingPathComponent("tzdb").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zic)
        process.arguments = ["-d", folder, harness.directory.appendingPathComponent("tzsource/zurich").path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        try harness.write("tzdb/+VERSION", "2099z-test\n")
        return folder
    }

    func testAgendaFeedAndCheckFollowTheDatabaseInTZDIR() throws {
        let harness = try CLIHarness()
        try makeStore(harness)
        let folder = try makeDatabase(harness)
        let arguments = ["--store", "store", "--now", "2026-04-01T21:45:00Z", "--time-zone", "Europe/Zurich"]
        let variables = ["TZ": "UTC", "TZDIR": folder]

        // 23:30 on April 1st is 21:30Z in summer time, so at 21:45Z it has passed; on CET all year it
        // is 22:30Z, still ahead.
        let system = harness.run(
            ["agenda", "--from", "2026-04-01", "--to", "2026-04-02", "--format", "tsv"] + arguments)
        XCTAssertEqual(system.stdout, "2026-04-01T23:30\tC1\tanna\toverdue\tLicht löschen\n", system.stderr)
        let compiled = harness.run(
            ["agenda", "--from", "2026-04-01", "--to", "2026-04-02", "--format", "tsv"] + arguments,
            variables: variables)
        XCTAssertEqual(compiled.stdout, "2026-04-01T23:30\tC1\tanna\tdue-today\tLicht löschen\n", compiled.stderr)

        let build = harness.run(["build", "--out", "site"] + arguments, variables: variables)
        XCTAssertEqual(build.exitCode, .success, build.stderr)
        let feed = try harness.read("site/feeds/family.ics")
        XCTAssertTrue(
            feed.contains(
                """
                BEGIN:VTIMEZONE\r\nTZID:Europe/Zurich\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n\
                TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n
                """), feed)

        let check = harness.run(["check"] + arguments, variables: variables)
        XCTAssertTrue(
            check.stdout.contains(
                "Time zone: Europe/Zurich, from the tz database \"\(folder)\" (version 2099z-test)\n"), check.stdout)
    }

    func testADamagedZoneFileIsADataErrorNamingIt() throws {
        let harness = try CLIHarness()
        // Version 2, then text where the header's six counts belong: the first, at byte 20, is huge.
        try harness.write("tzdb/Europe/Zurich", "TZif2 and then nothing a zone file should hold")
        let folder = harness.directory.appendingPathComponent("tzdb").path
        let run = harness.run(["check", "--time-zone", "Europe/Zurich"], variables: ["TZDIR": folder])
        XCTAssertEqual(run.exitCode, .dataError)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: \"\(folder)/Europe/Zurich\": byte 20: the header's count of UT indicators is impossible"
            ), run.stderr)
    }

    func testAZoneMissingFromTheDatabaseComesFromFoundationWithOneNotice() throws {
        let harness = try CLIHarness()
        try harness.write("tzdb/+VERSION", "2099z-test\n")
        let folder = harness.directory.appendingPathComponent("tzdb").path
        let run = harness.run(
            ["check", "--time-zone", "Europe/Zurich", "--now", "2026-04-01T10:00:00Z"], variables: ["TZDIR": folder])
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        let notices = run.stderr.components(separatedBy: "\n").filter {
            $0.contains("has no file for \"Europe/Zurich\"")
        }
        XCTAssertEqual(notices.count, 1, run.stderr)
        XCTAssertTrue(
            run.stdout.contains("Time zone: Europe/Zurich, from the Swift toolchain's zone data (tz "), run.stdout)
    }
}
