import AemtliCLI
import XCTest

final class DemoStoreCommandTests: XCTestCase {
    func testWritesAStoreThatReadsBackAsTheDemoFamily() throws {
        let harness = try CLIHarness()
        let now = ["--now", "2026-11-22T10:00:00+01:00", "--time-zone", "Europe/Zurich"]
        let write = harness.run(["demo-store", "--out", "demo"] + now)
        XCTAssertEqual(write.exitCode, .success, write.stderr)
        XCTAssertEqual(write.stdout, "Wrote demo/demo-family.json; try 'aemtli check --store demo'.\n")
        let fromFiles = harness.run(["check", "--store", "demo"] + now)
        let builtIn = harness.run(["check"] + now)
        XCTAssertEqual(
            fromFiles.stdout.replacingOccurrences(of: "Store: demo\n", with: "Store: the built-in demo family\n"),
            builtIn.stdout)
        XCTAssertEqual(fromFiles.stderr, "")
    }

    func testEveryPageBuiltFromTheDemoFamilySaysSoAndAStoresPagesDoNot() throws {
        let harness = try CLIHarness()
        let now = ["--now", "2026-11-22T10:00:00+01:00", "--time-zone", "Europe/Zurich"]
        XCTAssertEqual(harness.run(["build", "--out", "demo-site"] + now).exitCode, .success)
        let pages = harness.files(in: "demo-site").filter { $0.hasSuffix(".html") }
        XCTAssertEqual(pages.count, 7, "index, wall, three members, two charts: \(pages)")
        let notice =
            "These are the chores of aemtli&#39;s demo family, not yours: aemtli found no store here. Run it in the folder that holds your store (aemtli sync writes ./store), or name it with --store or &quot;store&quot; in aemtli.json."
        for page in pages {
            let html = try harness.read("demo-site/" + page)
            if page.hasPrefix("reports/") {
                XCTAssertTrue(html.contains(#"<p class="family">Ämtli – the demo family, not yours</p>"#), page)
            } else {
                XCTAssertTrue(html.contains(#"notice-demo">\#(notice)</p>"#), page)
            }
        }
        XCTAssertEqual(harness.run(["build", "--out", "de", "--lang", "de"] + now).exitCode, .success)
        XCTAssertTrue(
            try harness.read("de/wall.html").contains("Das sind die Ämtli der Demo-Familie von aemtli, nicht eure"))
        // The same family from a store is the family's own: no word of a demo.
        _ = harness.run(["demo-store", "--out", "store"] + now)
        XCTAssertEqual(harness.run(["build", "--out", "own"] + now).exitCode, .success)
        for page in harness.files(in: "own").filter({ $0.hasSuffix(".html") }) {
            XCTAssertFalse(try harness.read("own/" + page).contains("demo family"), page)
        }
    }

    func testIsByteIdenticalForTheSameNow() throws {
        let harness = try CLIHarness()
        _ = harness.run("demo-store", "--out", "a", "--now", "2026-11-22T10:00:00Z")
        _ = harness.run("demo-store", "--out", "b", "--now", "2026-11-22T10:00:00Z")
        _ = harness.run("demo-store", "--out", "c", "--now", "2026-11-23T10:00:00Z")
        XCTAssertEqual(try harness.read("a/demo-family.json"), try harness.read("b/demo-family.json"))
        XCTAssertNotEqual(try harness.read("a/demo-family.json"), try harness.read("c/demo-family.json"))
        XCTAssertTrue(try harness.read("a/demo-family.json").contains(#""recordType": "FamilyMember""#))
    }

    func testCannotWriteIntoAFileAndExitsWithSeventyThree() throws {
        let harness = try CLIHarness()
        try harness.write("taken", "a file, not a folder")
        let run = harness.run("demo-store", "--out", "taken")
        XCTAssertEqual(run.exitCode, .cannotCreate)
        XCTAssertTrue(run.stderr.hasPrefix("aemtli: error: cannot write \"taken/demo-family.json\": "), run.stderr)
    }
}

final class SyntheticStoreTests: XCTestCase {
    let now = ["--now", "2026-11-22T10:00:00+01:00", "--time-zone", "Europe/Zurich"]

    func testASeedAlwaysGivesTheSameStoreAndItReadsWithoutWarnings() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(
            harness.run(["demo-store", "--members", "3", "--chores", "450", "--seed", "7", "--out", "a"] + now).stdout,
            "Wrote 3 files to a; try 'aemtli check --store a'.\n")  // 453 records in pages of 200
        _ = harness.run(["demo-store", "--members", "3", "--chores", "450", "--seed", "7", "--out", "b"] + now)
        _ = harness.run(["demo-store", "--members", "3", "--chores", "450", "--seed", "8", "--out", "c"] + now)
        XCTAssertEqual(try harness.read("a/records-00002.json"), try harness.read("b/records-00002.json"))
        XCTAssertNotEqual(try harness.read("a/records-00002.json"), try harness.read("c/records-00002.json"))
        let check = harness.run(["check", "--store", "a", "--strict"] + now)
        XCTAssertEqual(check.exitCode, .success, check.stderr)
        XCTAssertTrue(check.stdout.contains("3 files, 453 record versions read"), check.stdout)
        XCTAssertTrue(check.stdout.contains("Members: 3 (1 parent, 2 children)\nChores: 450 ("), check.stdout)
        XCTAssertEqual(harness.run(["build", "--store", "a"] + now).exitCode, .success)
    }

    func testRejectsANumberThatIsNotOne() throws {
        let run = try CLIHarness().run("demo-store", "--members", "many", "--out", "x")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: 'many' is not a valid value for '--members'; write a whole number from 1 to 100000.\n"),
            run.stderr)
    }

    func testAFamilyOfNoMembersIsAUsageError() throws {
        let harness = try CLIHarness()
        let run = harness.run("demo-store", "--members", "0", "--out", "x")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: '0' is not a valid value for '--members'; write a whole number from 1 to 100000.\n"),
            run.stderr)
        XCTAssertEqual(harness.files(in: "x"), [])
    }

    func testWithoutOutItWritesNothingAndSaysToNameAFolder() throws {
        let harness = try CLIHarness()
        let run = harness.run("demo-store")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "aemtli: error: the option '--out <dir>' is required; name the folder to write the store to, e.g. --out demo-store.\nUsage: aemtli demo-store"
            ), run.stderr)
        XCTAssertEqual(harness.files(in: "store"), [])
    }
}
