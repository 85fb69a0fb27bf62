import JSON
import XCTest

@testable import AemtliCore

/// The pieces of SPEC §2 that sync builds its known records on: the reader of one page, the merge
/// one entry at a time with what each entry did, and one record read as a chore.
final class RecordMergerTests: XCTestCase {
    typealias F = StoreFixtures

    private func entries(_ text: String) throws -> SourceReader {
        var reader = SourceReader(file: "page")
        reader.read(try JSONParser.parse(Array(text.utf8)))
        return reader
    }

    private func record(_ text: String) throws -> RawRecord {
        guard case .record(let record)? = try entries(F.query(text)).entries.first else {
            throw XCTSkip("the fixture is not a record")
        }
        return record
    }

    func testEachEntrySaysWhatItDidAndTheLiveVersionIsTheOneThatWon() throws {
        let reader = try entries(
            F.query(
                F.chore("C1", title: "First", modified: 200), F.chore("C1", title: "Older", modified: 100),
                F.chore("C1", title: "Second", modified: 300), #"{"recordName": "C2", "deleted": true}"#,
                F.chore("C3", title: "Third", modified: 50), #"{"recordName": "C3", "deleted": true}"#,
                F.chore("C3", title: "Stale copy", modified: 40)))
        var merger = RecordMerger()
        let outcomes = reader.entries.map { merger.apply($0) }

        XCTAssertEqual(
            outcomes, [.applied, .olderIgnored, .applied, .removed, .applied, .removed, .olderIgnored])
        XCTAssertEqual(merger["C1"]?.fields["title"]?["value"], .string("Second"))
        XCTAssertNil(merger["C2"])
        XCTAssertNil(merger["C3"], "a removed record stays removed against an older copy")
        XCTAssertEqual(merger.liveCount, 1)
        XCTAssertEqual(merger.records.map(\.recordName), ["C1"])
    }

    func testKeepOnlyForgetsTheRecordsNotNamed() throws {
        var merger = RecordMerger()
        for entry in try entries(F.query(F.chore("A"), F.chore("B"), F.chore("C"))).entries { merger.apply(entry) }

        merger.keepOnly(["A", "C", "gone"])

        XCTAssertEqual(merger.records.map(\.recordName), ["A", "C"])
        XCTAssertEqual(merger.liveCount, 2)
    }

    func testTheReaderKeepsTheChangeTagTheEntryAsSentAndTheNamesOfErrors() throws {
        let page = #"""
            {"zones": [{"zoneID": {"zoneName": "MainZone"}, "records": [
              {"recordName": "C1", "recordType": "Chore", "recordChangeTag": "t7", "fields": {},
               "pluginFields": {"kept": true}},
              {"recordName": "C2", "serverErrorCode": "NOT_FOUND", "reason": "gone"},
              {"serverErrorCode": "ZONE_BUSY"}
            ]}]}
            """#
        let reader = try entries(page)

        guard case .record(let record)? = reader.entries.first else { return XCTFail("no record") }
        XCTAssertEqual(record.changeTag, "t7")
        XCTAssertEqual(record.entry["pluginFields"], .object(["kept": .bool(true)]))
        XCTAssertEqual(reader.entries.count, 1)
        XCTAssertEqual(reader.erroredRecordNames, ["C2"])
    }

    func testOneRecordReadAsAChoreKeepsItsAssigneeAndItsFieldPrefix() throws {
        let plain = try XCTUnwrap(RecordDecoder.chore(try record(F.chore("C1", assignedTo: "nobody", isDone: "1"))))
        XCTAssertEqual(plain.chore.assigneeID, "nobody", "no member list to check it against")
        XCTAssertTrue(plain.chore.isDone)
        XCTAssertEqual(plain.fieldPrefix, "")

        let coreData = try XCTUnwrap(
            RecordDecoder.chore(
                try record(
                    F.record(
                        "CD-record", "CD_Chore",
                        [
                            "CD_id": #"{"value": "model-1"}"#, "CD_title": #"{"value": "Velo"}"#,
                            "CD_isDone": #"{"value": 0}"#, "CD_recurrence": #"{"value": "weekly"}"#,
                            "CD_createdAt": #"{"value": 1746000000000}"#,
                        ]))))
        XCTAssertEqual(coreData.chore.id, "model-1")
        XCTAssertEqual(coreData.chore.recurrence, .weekly)
        XCTAssertEqual(coreData.fieldPrefix, "CD_")
    }

    func testARecordTheBuildWouldSkipIsNoChore() throws {
        XCTAssertNil(RecordDecoder.chore(try record(F.record("C1", "Chore", ["isDone": #"{"value": 1}"#]))))
        XCTAssertNil(RecordDecoder.chore(try record(F.member("M1"))))
    }
}
