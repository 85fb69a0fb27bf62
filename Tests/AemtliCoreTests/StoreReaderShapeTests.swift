import XCTest

@testable import AemtliCore

/// Every input shape of SPEC §2 reads to the same model.
final class StoreReaderShapeTests: XCTestCase {
    typealias F = StoreFixtures

    func testReadsAQueryResponse() throws {
        let result = try F.read(
            (
                "q.json",
                F.query(
                    F.member("M1", name: "Anna"),
                    F.chore(
                        "C1", assignedTo: "M1", extra: ["dueDate": #"{"value": 1749710700000, "type": "TIMESTAMP"}"#]))
            ))
        XCTAssertEqual(result.family.members, [FamilyMember(id: "M1", name: "Anna", role: .child)])
        XCTAssertEqual(
            result.family.chores,
            [
                Chore(
                    id: "C1", title: "Tisch decken", assigneeID: "M1", dueDate: F.date(F.dueMillis), isDone: false,
                    recurrence: .daily, createdAt: F.date(F.createdMillis))
            ])
        XCTAssertEqual(result.diagnostics, [])
    }

    func testReadsAnArrayOfResponsesAndAnArrayOfRecords() throws {
        let responses = "[\(F.query(F.member("M1"))), \(F.query(F.chore("C1")))]"
        let records = "[\(F.member("M2")), \(F.chore("C2"))]"
        let result = try F.read(("a.json", responses), ("b.json", records))
        XCTAssertEqual(result.family.members.map(\.id), ["M1", "M2"])
        XCTAssertEqual(result.family.chores.map(\.id), ["C1", "C2"])
    }

    func testReadsAChangesZoneResponse() throws {
        let changes =
            #"{"zones": [{"zoneID": {"zoneName": "MainZone"}, "syncToken": "t", "moreComing": false, "records": [\#(F.chore("C1"))]}]}"#
        let result = try F.read(("changes.json", changes))
        XCTAssertEqual(result.family.chores.map(\.id), ["C1"])
        XCTAssertEqual(result.warnings, [])
    }

    func testReadsCktoolOutputWithISODatesAndLowerCamelTypeTags() throws {
        let record = #"""
            {"recordName": "C1", "recordType": "Chore",
             "created": {"timestamp": "2025-05-01T08:00:00.000Z"}, "modified": {"timestamp": "2025-06-12T06:45:00Z"},
             "fields": {"title": {"type": "stringType", "value": "Abfall"}, "isDone": {"type": "int64Type", "value": 1},
                        "recurrence": {"type": "stringType", "value": "weekly"},
                        "createdAt": {"type": "timestampType", "value": "2025-05-01T10:00:00+02:00"}}}
            """#
        let chore = try XCTUnwrap(F.read(("ck.json", "[\(record)]")).family.chores.first)
        XCTAssertEqual(chore.createdAt, F.date(F.createdMillis))
        XCTAssertEqual(chore.modified, F.date(F.dueMillis))
        XCTAssertEqual(chore.created, F.date(F.createdMillis))
        XCTAssertTrue(chore.isDone)
        XCTAssertEqual(chore.recurrence, .weekly)
    }

    func testReadsCoreDataRecordsByTheirModelID() throws {
        let member = F.record(
            "CKM-1", "CD_FamilyMember",
            [
                "CD_id": #"{"value": "M1", "type": "STRING"}"#, "CD_name": #"{"value": "Max", "type": "STRING"}"#,
                "CD_role": #"{"value": "child", "type": "STRING"}"#,
                "CD_entityName": #"{"value": "FamilyMember", "type": "STRING"}"#,
            ])
        let chore = F.record(
            "CKC-1", "CD_Chore",
            [
                "CD_id": #"{"value": "C1", "type": "STRING"}"#,
                "CD_title": #"{"value": "Katze füttern", "type": "STRING"}"#,
                "CD_assignedTo": #"{"value": "M1", "type": "STRING"}"#, "CD_isDone": #"{"value": 0, "type": "INT64"}"#,
                "CD_recurrence": #"{"value": "daily", "type": "STRING"}"#,
                "CD_createdAt": #"{"value": 1746086400000, "type": "TIMESTAMP"}"#,
            ])
        let result = try F.read(("cd.json", F.query(member, chore)))
        XCTAssertEqual(result.family.members.map(\.name), ["Max"])
        XCTAssertEqual(result.family.members.map(\.id), ["M1"])
        XCTAssertEqual(result.family.chores.map(\.id), ["C1"])
        XCTAssertEqual(result.family.chores.first?.assigneeID, "M1")
        XCTAssertEqual(result.diagnostics, [])
    }

    func testReadsTheNativeExport() throws {
        let export = #"""
            {"members": [{"id": "M1", "name": "Parent 1", "role": "parent", "iCloudUserID": "_abc"}],
             "chores": [{"id": "C1", "title": "Wäsche", "assignedTo": "M1", "dueDate": "2025-06-12T08:45:00+02:00",
                         "isDone": true, "recurrence": "monthly", "createdAt": "2025-05-01T08:00:00Z", "deadline": null}]}
            """#
        let result = try F.read(("export.json", export))
        XCTAssertEqual(
            result.family.members, [FamilyMember(id: "M1", name: "Parent 1", role: .parent, iCloudUserID: "_abc")])
        XCTAssertEqual(
            result.family.chores,
            [
                Chore(
                    id: "C1", title: "Wäsche", assigneeID: "M1", dueDate: F.date(F.dueMillis), isDone: true,
                    recurrence: .monthly, createdAt: F.date(F.createdMillis))
            ])
        XCTAssertEqual(result.diagnostics, [])
    }

    func testReadsTheFamilyTitleFromTheShareRecord() throws {
        let share = F.record(
            "Share-1", "cloudkit.share", ["cloudkit.title": #"{"value": "Familie Meier", "type": "STRING"}"#])
        let root = F.record("Root", "FamilyRoot", ["createdAt": #"{"value": 1746086400000, "type": "TIMESTAMP"}"#])
        let result = try F.read(("s.json", F.query(share, root)))
        XCTAssertEqual(result.family.shareTitle, "Familie Meier")
        XCTAssertEqual(result.diagnostics, [])
    }

    func testNamesTheFileLineAndColumnOfInvalidJSON() {
        XCTAssertThrowsError(
            try F.read(("good.json", F.query()), ("store/bad.json", "{\"records\": [\n  {\"recordName\": }\n]}"))
        ) { error in
            XCTAssertEqual(
                (error as? StoreError)?.description,
                "store/bad.json:2:18: the file is not valid JSON: expected a value but found '}'; fix the file or remove it from the store."
            )
        }
    }

    func testWarnsAboutAFileWithNoRecords() throws {
        let result = try F.read(("x.json", #"{"hello": 1}"#))
        XCTAssertEqual(
            result.warningLines,
            [
                #"x.json: the file holds no records: expected a CloudKit response (with "records" or "zones"), an array of records, or a native export (with "members" and "chores"); it is skipped."#
            ])
    }

    func testAPageWithMoreComingIsNormalInASyncedStore() throws {
        let result = try F.read(("c.json", #"{"zones": [{"moreComing": true, "records": [\#(F.chore("C1"))]}]}"#))
        XCTAssertEqual(result.warningLines, [])
        XCTAssertEqual(result.family.chores.map(\.id), ["C1"])
    }
}
