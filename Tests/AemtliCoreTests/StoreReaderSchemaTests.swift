import XCTest

@testable import AemtliCore

/// SPEC §2's soft schema checking: warn, never crash; each warning names file, record and field.
final class StoreReaderSchemaTests: XCTestCase {
    typealias F = StoreFixtures

    func testSkipsARecordWithAMissingRequiredField() throws {
        let record = F.record("C1", "Chore", ["isDone": #"{"value": 0, "type": "INT64"}"#])
        let result = try F.read(("s.json", F.query(record, F.member("M1", name: "Anna"))))
        XCTAssertEqual(result.family.chores, [])
        XCTAssertEqual(result.warningLines, [#"s.json: Chore "C1" is skipped: its required field "title" is missing."#])
        XCTAssertEqual(result.statistics.skippedRecords, 1)
    }

    func testSkipsARecordWithAMistypedRequiredFieldAndQuotesTheValue() throws {
        let result = try F.read(
            (
                "s.json",
                F.query(
                    F.chore("C1", extra: ["createdAt": #"{"value": "yesterday", "type": "TIMESTAMP"}"#]),
                    F.chore("C2", isDone: #""yes""#),
                    F.member("M1", name: "Anna").replacingOccurrences(of: #""value": "Anna""#, with: #""value": 42"#))
            ))
        XCTAssertEqual(result.family.chores, [])
        XCTAssertEqual(result.family.members, [])
        // Members are checked first: chores need to know which member ids exist.
        XCTAssertEqual(
            result.warningLines,
            [
                #"s.json: FamilyMember "M1" is skipped: its required field "name" should be a STRING but is "42"."#,
                #"s.json: Chore "Tisch decken" (C1) is skipped: its required field "createdAt" should be a TIMESTAMP but is "yesterday"."#,
                #"s.json: Chore "Tisch decken" (C2) is skipped: its required field "isDone" should be an INT64 but is "yes"."#,
            ])
    }

    func testATypeTagThatContradictsTheFieldIsAMistypedField() throws {
        let result = try F.read(("s.json", F.query(F.chore("C1", extra: ["title": #"{"value": 5, "type": "INT64"}"#]))))
        XCTAssertEqual(
            result.warningLines,
            [#"s.json: Chore "C1" is skipped: its required field "title" should be a STRING but is tagged "INT64"."#])
    }

    func testAMissingTypeTagLetsTheExpectedTypeDecide() throws {
        let record = F.record(
            "C1", "Chore",
            [
                "title": #"{"value": "Bad putzen"}"#, "isDone": #"{"value": 1}"#, "recurrence": #"{"value": "weekly"}"#,
                "createdAt": #"{"value": 1746086400000}"#, "dueDate": #"{"value": "1749710700000"}"#,
            ])
        let chore = try XCTUnwrap(F.read(("s.json", F.query(record))).family.chores.first)
        XCTAssertEqual(chore.title, "Bad putzen")
        XCTAssertTrue(chore.isDone)
        XCTAssertEqual(chore.dueDate, F.date(F.dueMillis))
    }

    func testIgnoresAMistypedOptionalFieldWithAWarning() throws {
        let result = try F.read(
            (
                "s.json",
                F.query(
                    F.chore(
                        "C1",
                        extra: [
                            "dueDate": #"{"value": {"when": "soon"}, "type": "TIMESTAMP"}"#,
                            "deadline": #"{"value": -62135769600000, "type": "TIMESTAMP"}"#,
                        ]))
            ))
        XCTAssertEqual(result.family.chores.map(\.id), ["C1"])
        XCTAssertNil(result.family.chores.first?.dueDate)
        XCTAssertNil(result.family.chores.first?.deadline)
        XCTAssertEqual(
            result.warningLines,
            [
                #"s.json: Chore "Tisch decken" (C1): its field "dueDate" should be a TIMESTAMP but is "{"when":"soon"}"; the field is ignored."#,
                #"s.json: Chore "Tisch decken" (C1): its field "deadline" should be a TIMESTAMP but is "-62135769600000"; the field is ignored."#,
            ])
    }

    func testReadsAnUnknownRecurrenceAsOnce() throws {
        let result = try F.read(("s.json", F.query(F.chore("C1", recurrence: "fortnightly"))))
        XCTAssertEqual(result.family.chores.first?.recurrence, .once)
        XCTAssertEqual(
            result.warningLines,
            [#"s.json: Chore "Tisch decken" (C1) has the unknown recurrence "fortnightly"; it is read as "once"."#])
    }

    func testCountsAnIsDoneOtherThanZeroOrOneAsDone() throws {
        let result = try F.read(("s.json", F.query(F.chore("C1", isDone: "2"))))
        XCTAssertEqual(result.family.chores.first?.isDone, true)
        XCTAssertEqual(
            result.warningLines,
            [#"s.json: Chore "Tisch decken" (C1) has isDone "2", which is neither 0 nor 1; it counts as done."#])
    }

    func testMakesAChoreAssignedToNoMemberUnassigned() throws {
        let result = try F.read(
            ("s.json", F.query(F.member("M1"), F.chore("C1", assignedTo: "M9"), F.chore("C2", assignedTo: ""))))
        XCTAssertEqual(result.family.chores.map(\.assigneeID), [nil, nil])
        XCTAssertEqual(
            result.warningLines,
            [
                #"s.json: Chore "Tisch decken" (C1) is assigned to "M9", which names no family member; it is read as unassigned."#
            ])
    }

    func testReadsAnUnknownRoleAsChild() throws {
        let result = try F.read(("s.json", F.query(F.member("M1", role: "grandma"))))
        XCTAssertEqual(result.family.members.first?.role, .child)
        XCTAssertEqual(
            result.warningLines,
            [#"s.json: FamilyMember "Anna" (M1) has the unknown role "grandma"; it is read as "child"."#])
    }

    func testReadsNullAsAbsent() throws {
        let result = try F.read(
            ("s.json", F.query(F.chore("C1", extra: ["dueDate": #"{"value": null, "type": "TIMESTAMP"}"#]))))
        XCTAssertNil(result.family.chores.first?.dueDate)
        XCTAssertEqual(result.warnings, [])
    }

    func testNoticesUnknownTypesAndFieldsOncePerType() throws {
        let result = try F.read(
            (
                "s.json",
                F.query(
                    F.record("N1", "Note", [:]), F.record("N2", "Note", [:]),
                    F.chore("C1", extra: ["color": #"{"value": "red", "type": "STRING"}"#]),
                    F.chore("C2", extra: ["color": #"{"value": "blue", "type": "STRING"}"#]))
            ))
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(
            result.noticeLines,
            [
                #"s.json: field "color" of Chore records is not used by aemtli and is ignored."#,
                #"s.json: records of type "Note" are not used by aemtli and are ignored."#,
            ])
        XCTAssertEqual(result.statistics.ignoredRecordTypes, ["Note": 2])
    }

    func testNeverCrashesOnOddlyShapedRecords() throws {
        let odd = [
            #"{"recordName": "C1", "recordType": "Chore", "fields": 7}"#,
            #"{"recordName": "C2", "recordType": "Chore", "fields": {"title": []}}"#,
            #"{"recordName": 5, "recordType": "Chore"}"#,
            #"{"recordName": "C3", "recordType": 5}"#,
            #"{"recordName": "C4", "recordType": "Chore", "modified": "x", "fields": {"title": {"value": "T", "type": 3}}}"#,
        ]
        let result = try F.read(("s.json", F.query(odd[0], odd[1], odd[2], odd[3], odd[4])))
        XCTAssertEqual(result.family.chores, [])
        XCTAssertEqual(result.warnings.count, 5)
    }

    func testIgnoresAChangeTimestampOutsideTheYears1900To2999WithAWarning() throws {
        let created = #", "created": {"timestamp": -9223372036854775808}}"#
        let member = F.member("M1", modified: 9_223_372_036_854_775_807)
        let chore = F.chore("C1", modified: 32_503_680_000_000)
        let result = try F.read(
            (
                "s.json",
                F.query(
                    String(member.dropLast()) + created,
                    String(chore.dropLast()) + #", "created": {"timestamp": "soon"}}"#)
            ))
        XCTAssertNil(result.family.members.first?.modified)
        XCTAssertNil(result.family.chores.first?.modified)
        XCTAssertNil(result.family.chores.first?.created)
        XCTAssertEqual(
            result.warningLines,
            [
                #"s.json: FamilyMember "M1": its "modified.timestamp" should be a TIMESTAMP but is "9223372036854775807"; it is ignored."#,
                #"s.json: FamilyMember "M1": its "created.timestamp" should be a TIMESTAMP but is "-9223372036854775808"; it is ignored."#,
                #"s.json: Chore "C1": its "modified.timestamp" should be a TIMESTAMP but is "32503680000000"; it is ignored."#,
                #"s.json: Chore "C1": its "created.timestamp" should be a TIMESTAMP but is "soon"; it is ignored."#,
            ])
    }

    func testAVersionWithAnIgnoredTimestampDoesNotOutrankANewerOne() throws {
        let result = try F.read(
            ("a.json", F.query(F.chore("C1", title: "far future", modified: 9_223_372_036_854_775_807))),
            ("b.json", F.query(F.chore("C1", title: "today", modified: F.dueMillis))))
        XCTAssertEqual(result.family.chores.map(\.title), ["today"])
        XCTAssertEqual(result.family.chores.first?.modified, F.date(F.dueMillis))
    }
}
