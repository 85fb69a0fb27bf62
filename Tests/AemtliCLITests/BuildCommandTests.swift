import AemtliCLI
import Foundation
import XCTest

final class BuildCommandTests: XCTestCase {
    let now = ["--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func store(_ members: [(String, String)]) -> String {
        let memberList = members.map { #"{"id": "\#($0.0)", "name": "\#($0.1)", "role": "child"}"# }.joined(
            separator: ", ")
        let chores = members.enumerated().map { index, member in
            #"{"id": "C\#(index)", "title": "Tisch decken", "assignedTo": "\#(member.0)", "dueDate": "2026-03-20T18:00:00+01:00", "isDone": false, "recurrence": "daily", "createdAt": "2026-03-01T00:00:00Z"}"#
        }.joined(separator: ", ")
        return #"{"members": [\#(memberList)], "chores": [\#(chores)]}"#
    }

    func modificationDate(_ harness: CLIHarness, _ path: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: harness.directory.appendingPathComponent(path).path)[
            .modificationDate] as! Date
    }

    func testWritesAFeedPerMemberAndOneForTheFamily() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna"), ("M2", "Jürg Müller")]))
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        // index, wall, 2 member pages, agenda.json, 5 assets, 3 feeds, 2 charts
        XCTAssertEqual(run.stdout, "Built _site: 15 written, 0 unchanged, 0 removed.\n")
        XCTAssertTrue(try harness.read("_site/feeds/anna.ics").contains("X-WR-CALNAME:Ämtli – Anna\r\n"))
        XCTAssertTrue(try harness.read("_site/feeds/jurg-muller.ics").contains("SUMMARY:Tisch decken\r\n"))
        XCTAssertTrue(try harness.read("_site/feeds/family.ics").contains("SUMMARY:Jürg Müller: Tisch decken\r\n"))
    }

    func testQuietBuildPrintsNothingAndStillBuilds() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        let run = harness.run(["build", "--quiet"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "")
        XCTAssertTrue(try harness.read("_site/feeds/anna.ics").contains("SUMMARY:Tisch decken\r\n"))
    }

    func testTwoBuildsGiveIdenticalBytesAndLeaveUnchangedFilesAlone() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        _ = harness.run(["build", "--out", "a"] + now)
        let first = try harness.read("a/feeds/anna.ics")
        let stamp = try modificationDate(harness, "a/feeds/anna.ics")
        Thread.sleep(forTimeInterval: 0.05)
        let again = harness.run(["build", "--out", "a"] + now)
        XCTAssertEqual(again.stdout, "Built a: 0 written, 13 unchanged, 0 removed.\n")
        XCTAssertEqual(try harness.read("a/feeds/anna.ics"), first)
        XCTAssertEqual(try modificationDate(harness, "a/feeds/anna.ics"), stamp)
        _ = harness.run(["build", "--out", "b"] + now)
        XCTAssertEqual(try harness.read("b/feeds/family.ics"), try harness.read("a/feeds/family.ics"))
    }

    func testRemovesFilesThatNoLongerBelongAndNothingElse() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna"), ("M2", "Max")]))
        try harness.write("_site/notes.txt", "mine")
        _ = harness.run(["build"] + now)
        try harness.write("store/s.json", store([("M1", "Anna")]))
        let run = harness.run(["build"] + now)
        // index, wall, Anna's page, agenda, family feed, charts change; Max's page and feed go
        XCTAssertEqual(run.stdout, "Built _site: 7 written, 6 unchanged, 2 removed.\n")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: harness.directory.appendingPathComponent("_site/feeds/max.ics").path)
        )
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: harness.directory.appendingPathComponent("_site/members/max.html").path))
        XCTAssertEqual(try harness.read("_site/notes.txt"), "mine")
    }

    func testAFailedBuildLeavesThePreviousSiteAsItWas() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        _ = harness.run(["build"] + now)
        let before = try harness.read("_site/feeds/anna.ics")
        try harness.write("store/s.json", "{ broken")
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .dataError)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: the build step 'read the store' failed: store/s.json:1:3: the file is not valid JSON"),
            run.stderr)
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), before)
    }

    func testAMemberNameNeverReachesAPathUnfolded() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "../../etc/passwd"), ("M2", "..")]))
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        let files = try FileManager.default.contentsOfDirectory(
            atPath: harness.directory.appendingPathComponent("_site/feeds").path
        ).sorted()
        XCTAssertEqual(files, ["etc-passwd.ics", "family.ics", "member.ics"])
    }

    func testPrivateFeedsGetAStableSecretNameThatCanBeRenewed() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        try harness.write("aemtli.json", #"{"privateFeeds": true}"#)
        _ = harness.run(["build"] + now)
        let names = {
            try FileManager.default.contentsOfDirectory(
                atPath: harness.directory.appendingPathComponent("_site/feeds").path
            ).sorted()
        }
        let first = try names()
        XCTAssertEqual(first.count, 2)
        XCTAssertTrue(
            first.allSatisfy {
                $0.range(of: #"^(anna|family)-[0-9a-f]{32}\.ics$"#, options: .regularExpression) != nil
            }, "\(first)")
        _ = harness.run(["build"] + now)
        XCTAssertEqual(try names(), first)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: harness.directory.appendingPathComponent(".aemtli/feed-tokens.json").path))
        let renew = harness.run(["feed-token", "renew", "anna"] + now)
        XCTAssertEqual(
            renew.stdout, "Renewed the address of the anna feed; run 'aemtli build' to publish it under its new name.\n"
        )
        _ = harness.run(["build"] + now)
        let renewed = try names()
        XCTAssertEqual(renewed.filter { $0.hasPrefix("family") }, first.filter { $0.hasPrefix("family") })
        XCTAssertNotEqual(renewed.filter { $0.hasPrefix("anna") }, first.filter { $0.hasPrefix("anna") })
        XCTAssertEqual(renewed.count, 2, "the old address is removed")
    }

    func testPrivateFeedTokensAreTheOwnersAloneInAFolderOfTheirOwn() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        try harness.write("aemtli.json", #"{"privateFeeds": true}"#)
        // A folder someone made before, open to all: it becomes the owner's alone.
        try FileManager.default.createDirectory(
            at: harness.directory.appendingPathComponent(".aemtli"), withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(try harness.mode(".aemtli/feed-tokens.json"), 0o600)
        XCTAssertEqual(try harness.mode(".aemtli"), 0o700)
        let renew = harness.run(["feed-token", "renew", "family"] + now)
        XCTAssertEqual(renew.exitCode, .success, renew.stderr)
        XCTAssertEqual(try harness.mode(".aemtli/feed-tokens.json"), 0o600, "also when a token is renewed")
    }

    func testFeedTokensThatOthersCouldReadAreKeptMadePrivateAndWarnedOf() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        try harness.write("aemtli.json", #"{"privateFeeds": true}"#)
        // As an older aemtli left it: 0644 in a 0755 folder.
        try harness.write(
            ".aemtli/feed-tokens.json",
            #"{"family": "0123456789abcdef0123456789abcdef", "M1": "fedcba9876543210fedcba9876543210"}"#)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644],
            ofItemAtPath: harness.directory.appendingPathComponent(".aemtli/feed-tokens.json").path)
        let run = harness.run(["build"] + now)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "aemtli: warning: \".aemtli/feed-tokens.json\" could be read by other users of this machine, so aemtli made it yours alone; if someone else may have seen it, 'aemtli feed-token renew SLUG' gives that feed (or 'family') a new address.\n"
        )
        XCTAssertEqual(
            harness.files(in: "_site/feeds"),
            ["anna-fedcba9876543210fedcba9876543210.ics", "family-0123456789abcdef0123456789abcdef.ics"],
            "the subscriptions keep working")
        XCTAssertEqual(try harness.mode(".aemtli/feed-tokens.json"), 0o600)
        XCTAssertEqual(try harness.mode(".aemtli"), 0o700)
        XCTAssertEqual(harness.run(["build"] + now).stderr, "", "said once")
    }

    func testAFailureAfterFilesWereStagedLeavesNoTraceAndTheOldSiteIntact() throws {
        let harness = try CLIHarness()
        try harness.write("store/s.json", store([("M1", "Anna")]))
        // A row template that includes itself: valid at load time, fails while pages render,
        // after other files (the feeds, the charts) were staged.
        try harness.write("loop/chore-row.mustache", "{{>chore-row}}")
        let fresh = harness.run(["build", "--templates", "loop"] + now)
        XCTAssertEqual(fresh.exitCode, .dataError)
        XCTAssertTrue(fresh.stderr.contains("the build step 'render feeds, charts and pages' failed"), fresh.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: harness.directory.appendingPathComponent("_site").path),
            "no folder left behind")

        _ = harness.run(["build"] + now)
        let before = try harness.read("_site/feeds/anna.ics")
        try harness.write("store/s.json", store([("M1", "Anna"), ("M2", "Max")]))
        XCTAssertEqual(harness.run(["build", "--templates", "loop"] + now).exitCode, .dataError)
        XCTAssertEqual(try harness.read("_site/feeds/anna.ics"), before)
        let everything = try FileManager.default.subpathsOfDirectory(
            atPath: harness.directory.appendingPathComponent("_site").path)
        XCTAssertFalse(everything.contains { $0.hasSuffix(".tmp") }, "\(everything)")
        XCTAssertFalse(everything.contains("feeds/max.ics"))
    }
}
