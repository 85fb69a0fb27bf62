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
        XCTAssertEqual(fromFiles.stdout.replacingOccurrences(of: "Store: demo\n", with: "Store: the built-in demo family\n"), builtIn.stdout)
        XCTAssertEqual(fromFiles.stderr, "")
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
