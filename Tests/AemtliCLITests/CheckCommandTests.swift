import AemtliCLI
import XCTest

/// `aemtli check` on real files: the counts SPEC §2's merge rules imply, worked out by hand.
final class CheckCommandTests: XCTestCase {
    static func field(_ value: String, _ type: String) -> String { #"{"value": \#(value), "type": "\#(type)"}"# }

    static func chore(_ id: String, _ fields: [String: String], modified: Int) -> String {
        let body = fields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        return
            #"{"recordName": "\#(id)", "recordType": "Chore", "modified": {"timestamp": \#(modified)}, "fields": {\#(body)}}"#
    }

    static func choreFields(
        _ title: String, _ recurrence: String, done: Int = 0, assignedTo: String? = nil
    ) -> [String: String] {
        var fields = [
            "title": field("\"\(title)\"", "STRING"), "recurrence": field("\"\(recurrence)\"", "STRING"),
            "isDone": field("\(done)", "INT64"), "createdAt": field("1746086400000", "TIMESTAMP"),
        ]
        if let assignedTo { fields["assignedTo"] = field("\"\(assignedTo)\"", "STRING") }
        return fields
    }

    static func member(_ id: String, _ name: String, _ role: String) -> String {
        #"{"recordName": "\#(id)", "recordType": "FamilyMember", "fields": {"name": \#(field("\"\(name)\"", "STRING")), "role": \#(field("\"\(role)\"", "STRING"))}}"#
    }

    /// 1-query: 2 members, chores C1–C4 (C4 has no title), one record of an unknown type.
    /// 2-changes: C1 newer, C2 older than in 1-query (ignored), C3 deleted, one error entry.
    /// 3-native: member M3, chores N1 (fine), N2 (assigned to no member), N3 (recurrence "yearly").
    func makeStore(in harness: CLIHarness) throws {
        var c4 = Self.choreFields("Missing title", "monthly", assignedTo: "M2")
        c4["title"] = nil
        try harness.write(
            "store/1-query.json",
            """
            [{"records": [\(Self.member("M1", "Parent 1", "parent")), \(Self.member("M2", "Anna", "child"))]},
             {"records": [\(Self.chore("C1", Self.choreFields("Tisch decken", "daily", assignedTo: "M2"), modified: 100)),
                          \(Self.chore("C2", Self.choreFields("Staubsaugen", "weekly", done: 1, assignedTo: "M1"), modified: 100)),
                          \(Self.chore("C3", Self.choreFields("Fenster", "once"), modified: 100)),
                          \(Self.chore("C4", c4, modified: 100)),
                          {"recordName": "Note1", "recordType": "Note", "fields": {}}]}]
            """)
        try harness.write(
            "store/2-changes.json",
            """
            {"zones": [{"zoneID": {"zoneName": "MainZone"}, "syncToken": "abc", "moreComing": false, "records": [
              \(Self.chore("C1", Self.choreFields("Tisch decken!", "daily", assignedTo: "M2"), modified: 200)),
              \(Self.chore("C2", Self.choreFields("Staubsaugen (old)", "weekly", done: 0, assignedTo: "M1"), modified: 50)),
              {"recordName": "C3", "deleted": true, "zoneID": {"zoneName": "MainZone"}},
              {"recordName": "C9", "serverErrorCode": "NOT_FOUND", "reason": "Record not found", "uuid": "u-1"}]}]}
            """)
        try harness.write(
            "store/3-native.json",
            """
            {"members": [{"id": "M3", "name": "Max", "role": "child"}],
             "chores": [{"id": "N1", "title": "Katze füttern", "assignedTo": "M3", "isDone": false, "recurrence": "daily", "createdAt": "2025-05-01T08:00:00Z"},
                        {"id": "N2", "title": "Velo putzen", "assignedTo": "ghost", "isDone": false, "recurrence": "once", "createdAt": "2025-05-01T08:00:00Z"},
                        {"id": "N3", "title": "Keller", "isDone": false, "recurrence": "yearly", "createdAt": "2025-05-01T08:00:00Z"}]}
            """)
    }

    /// The zone line for Europe/Zurich from the system's database, with the version its
    /// `tzdata.zi` states (read here, by the test).
    static var zurichLine: String {
        let head = (try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8).prefix(200)) ?? ""
        let version =
            head.split(separator: "\n").first { $0.hasPrefix("# version ") }.map { " (version \($0.dropFirst(10)))" }
            ?? " (version not stated)"
        return "Time zone: Europe/Zurich, from the tz database \"/usr/share/zoneinfo\"" + version
    }

    func testPrintsTheMergedCountsAndEveryWarning() throws {
        let harness = try CLIHarness()
        try makeStore(in: harness)
        let run = harness.run(
            "check", "--store", "store", "--now", "2026-11-22T10:00:00+01:00", "--time-zone", "Europe/Zurich")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertEqual(
            run.stdout,
            """
            Store: store
              3 files, 13 record versions read, 1 deletion, 1 older version ignored, 1 CloudKit error skipped, 1 invalid record skipped
            \(Self.zurichLine)
            Members: 3 (1 parent, 2 children)
            Chores: 5 (2 once, 2 daily, 1 weekly, 0 monthly)
              3 assigned, 2 unassigned
              1 marked done, 1 stale done flag (marked done before the current period began)
            Ignored record types: 1 "Note"
            Warnings: 4

            """)
        XCTAssertEqual(
            run.stderr,
            """
            aemtli: warning: store/2-changes.json: record "C9" is a CloudKit error (NOT_FOUND: Record not found); it is skipped.
            aemtli: notice: store/1-query.json: records of type "Note" are not used by aemtli and are ignored.
            aemtli: warning: store/1-query.json: Chore "C4" is skipped: its required field "title" is missing.
            aemtli: warning: store/3-native.json: Chore "Velo putzen" (N2) is assigned to "ghost", which names no family member; it is read as unassigned.
            aemtli: warning: store/3-native.json: Chore "Keller" (N3) has the unknown recurrence "yearly"; it is read as "once".

            """)
    }

    func testStrictExitsWithSixtyFiveAfterTheSummary() throws {
        let harness = try CLIHarness()
        try makeStore(in: harness)
        let run = harness.run("check", "--store", "store", "--strict")
        XCTAssertEqual(run.exitCode, .dataError)
        XCTAssertTrue(run.stdout.contains("Warnings: 4"))
        XCTAssertTrue(
            run.stderr.hasSuffix(
                "aemtli: error: the store gave 4 warnings and --strict is set; fix the records above or drop --strict.\n"
            ))
    }

    func testStrictPassesACleanStore() throws {
        let harness = try CLIHarness()
        try harness.write("s.json", #"{"records": [\#(Self.member("M1", "Anna", "child"))]}"#)
        XCTAssertEqual(harness.run("check", "--store", "s.json", "--strict").exitCode, .success)
    }

    func testReadsFilesInLexicalPathOrderIncludingSubfolders() throws {
        let harness = try CLIHarness()
        // "a.json" < "a/b.json" < "b.json" byte by byte ('.' < '/'), so b.json's version wins.
        try harness.write(
            "store/a/b.json", "[\(Self.chore("C1", Self.choreFields("from a/b", "once"), modified: 100))]")
        try harness.write("store/b.json", "[\(Self.chore("C1", Self.choreFields("from b", "once"), modified: 100))]")
        try harness.write(
            "store/a.json",
            "[\(Self.chore("C1", Self.choreFields("from a", "once"), modified: 100)), {\"recordName\": \"X\"}]")
        try harness.write("store/notes.txt", "not read")
        let run = harness.run("check", "--store", "store")
        XCTAssertTrue(run.stdout.contains("3 files, 3 record versions read"), run.stdout)
        XCTAssertTrue(run.stderr.contains("store/a.json: record \"X\" has no recordType"), run.stderr)
    }

    func testNamesFileLineAndColumnOfInvalidJSONAndExitsWithSixtyFive() throws {
        let harness = try CLIHarness()
        try harness.write("store/ok.json", "[]")
        try harness.write("store/zz.json", "[\n  {\"recordName\": \"C1\",}\n]")
        let run = harness.run("check")
        XCTAssertEqual(run.exitCode, .dataError)
        XCTAssertEqual(
            run.stderr,
            "aemtli: error: store/zz.json:2:23: the file is not valid JSON: expected a member name in double quotes but found '}'; fix the file or remove it from the store.\n"
        )
        XCTAssertEqual(run.stdout, "")
    }

    func testAMissingStoreExitsWithSixtySix() throws {
        let run = try CLIHarness().run("check", "--store", "nowhere")
        XCTAssertEqual(run.exitCode, .noInput)
        XCTAssertEqual(
            run.stderr,
            "aemtli: error: the store \"nowhere\" does not exist; pass --store with a JSON file or a folder of them.\n")
    }

    func testAFolderWithoutJSONExitsWithSixtySix() throws {
        let harness = try CLIHarness()
        try harness.write("empty/readme.txt", "")
        let run = harness.run("check", "--store", "empty")
        XCTAssertEqual(run.exitCode, .noInput)
        XCTAssertEqual(
            run.stderr,
            "aemtli: error: the store folder \"empty\" holds no .json files; put the CloudKit responses there or pass another --store.\n"
        )
    }

    func testUsesTheStoreFolderHereByDefault() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", #"{"records": [\#(Self.member("M1", "Anna", "child"))]}"#)
        let run = harness.run("check")
        XCTAssertTrue(run.stdout.hasPrefix("Store: store\n"))
        XCTAssertTrue(run.stdout.contains("Members: 1 (0 parents, 1 child)"))
        XCTAssertEqual(run.stderr, "")
    }

    func testUsesTheDemoFamilyWithANoticeWhenThereIsNoStore() throws {
        let run = try CLIHarness().run("check", "--now", "2026-11-22T10:00:00+01:00", "--time-zone", "Europe/Zurich")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertEqual(
            run.stderr,
            "aemtli: notice: no store given and no ./store folder here, so the built-in demo family is used; pass --store PATH to read your own.\n"
        )
        XCTAssertEqual(
            run.stdout,
            """
            Store: the built-in demo family
              1 file, 23 record versions read
            \(Self.zurichLine)
            Members: 3 (1 parent, 2 children)
            Chores: 20 (5 once, 5 daily, 7 weekly, 3 monthly)
              16 assigned, 4 unassigned
              5 marked done, 1 stale done flag (marked done before the current period began)
            Warnings: 0

            """)
    }

    func testReadsTheSharedExampleStore() throws {
        guard let shared = CLIHarness.sharedFolder else {
            throw XCTSkip("../shared is not beside this checkout, so the CloudKit examples are not here to read")
        }
        let run = try CLIHarness().run("check", "--store", shared.appendingPathComponent("examples").path, "--strict")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        // 3 members and 10 chores in the query file; the changes file updates 2 chores and 1 member,
        // adds the root and the share, and deletes a chore the query file does not hold.
        XCTAssertTrue(run.stdout.contains("2 files, 18 record versions read, 1 deletion\n"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains(
                "Members: 3 (1 parent, 2 children)\nChores: 10 (1 once, 3 daily, 4 weekly, 2 monthly)\n"), run.stdout)
        XCTAssertEqual(run.stderr, "")
    }
}
