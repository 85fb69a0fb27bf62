import XCTest

@testable import AemtliCore

/// SPEC §2's merge rules: by record name, files in order, array order within a file.
final class StoreReaderMergeTests: XCTestCase {
    typealias F = StoreFixtures

    func testALaterVersionReplacesAnEarlierOne() throws {
        let result = try F.read(
            ("1.json", F.query(F.chore("C1", title: "Old", modified: 100))),
            ("2.json", F.query(F.chore("C1", title: "New", modified: 200))))
        XCTAssertEqual(result.family.chores.map(\.title), ["New"])
    }

    func testALaterVersionWithTheSameTimestampReplaces() throws {
        let result = try F.read(
            (
                "1.json",
                F.query(F.chore("C1", title: "First", modified: 100), F.chore("C1", title: "Second", modified: 100))
            ))
        XCTAssertEqual(result.family.chores.map(\.title), ["Second"])
    }

    func testAnOlderVersionNeverReplacesANewerOne() throws {
        let result = try F.read(
            ("1.json", F.query(F.chore("C1", title: "Newer", modified: 200))),
            ("2.json", F.query(F.chore("C1", title: "Older", modified: 100))))
        XCTAssertEqual(result.family.chores.map(\.title), ["Newer"])
        XCTAssertEqual(result.statistics.olderVersionsIgnored, 1)
    }

    func testAVersionWithoutATimestampReplacesWhateverCameBefore() throws {
        let result = try F.read(
            ("1.json", F.query(F.chore("C1", title: "Stamped", modified: 200))),
            ("2.json", F.query(F.chore("C1", title: "Unstamped"))))
        XCTAssertEqual(result.family.chores.map(\.title), ["Unstamped"])
    }

    func testATombstoneRemovesTheRecord() throws {
        let result = try F.read(
            ("1.json", F.query(F.chore("C1", modified: 100), F.chore("C2", modified: 100))),
            (
                "2.json",
                #"{"zones": [{"records": [{"recordName": "C1", "deleted": true, "zoneID": {"zoneName": "MainZone"}}]}]}"#
            ))
        XCTAssertEqual(result.family.chores.map(\.id), ["C2"])
        XCTAssertEqual(result.statistics.deletions, 1)
    }

    func testAnOlderCopyReadAfterATombstoneDoesNotComeBack() throws {
        let result = try F.read(
            ("1.json", F.query(F.chore("C1", modified: 200))),
            ("2.json", F.query(#"{"recordName": "C1", "deleted": true}"#)),
            ("3.json", F.query(F.chore("C1", modified: 100))))
        XCTAssertEqual(result.family.chores, [])
    }

    func testARecordSavedAgainAfterItsDeletionComesBack() throws {
        let result = try F.read(
            ("1.json", F.query(#"{"recordName": "C1", "deleted": true}"#)),
            ("2.json", F.query(F.chore("C1", modified: 300))))
        XCTAssertEqual(result.family.chores.map(\.id), ["C1"])
    }

    func testErrorEntriesAreWarnedAboutAndSkipped() throws {
        let result = try F.read(
            (
                "e.json",
                F.query(
                    #"{"recordName": "C9", "serverErrorCode": "NOT_FOUND", "reason": "Record not found", "uuid": "u"}"#,
                    F.chore("C1"))
            ))
        XCTAssertEqual(result.family.chores.map(\.id), ["C1"])
        XCTAssertEqual(
            result.warningLines,
            [#"e.json: record "C9" is a CloudKit error (NOT_FOUND: Record not found); it is skipped."#])
        XCTAssertEqual(result.statistics.errorEntries, 1)
    }

    func testAZoneErrorIsWarnedAbout() throws {
        let result = try F.read(
            (
                "z.json",
                #"{"zones": [{"zoneID": {"zoneName": "MainZone"}, "serverErrorCode": "ZONE_NOT_FOUND", "reason": "Zone does not exist"}]}"#
            ))
        XCTAssertEqual(
            result.warningLines,
            ["z.json: the response holds a CloudKit error (ZONE_NOT_FOUND: Zone does not exist); it is skipped."])
    }

    func testEntriesThatAreNotRecordsAreWarnedAbout() throws {
        let result = try F.read(("n.json", F.query(#""text""#, #"{"recordType": "Chore"}"#, #"{"recordName": "C1"}"#)))
        XCTAssertEqual(
            result.warningLines,
            [
                #"n.json: entry 1 is "text", not a record object; it is skipped."#,
                "n.json: entry 2 has no recordName, so it is not a record; it is skipped.",
                #"n.json: record "C1" has no recordType and is not a deletion; it is skipped."#,
            ])
    }

    func testWarningsNameTheFileOfTheVersionThatWon() throws {
        let result = try F.read(
            ("1.json", F.query(F.chore("C1", modified: 100))),
            ("2.json", F.query(F.chore("C1", recurrence: "yearly", modified: 200))))
        XCTAssertEqual(
            result.warningLines,
            [#"2.json: Chore "Tisch decken" (C1) has the unknown recurrence "yearly"; it is read as "once"."#])
    }
}
