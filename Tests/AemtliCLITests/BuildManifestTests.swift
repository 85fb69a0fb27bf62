import XCTest

@testable import AemtliApp

final class BuildManifestTests: XCTestCase {
    func testReadsWhatItWritesAndTheManifestsOfEarlierVersions() {
        let manifest = BuildManifest(paths: ["feeds/a b.ics", "index.html"])
        XCTAssertEqual(manifest.text, "feeds/a b.ics\nindex.html\n")
        XCTAssertEqual(BuildManifest(parsing: manifest.text), manifest)
        let withDigests = BuildManifest(
            parsing: "# inputs 00ff\nfeeds/a b.ics\t12\t0123456789abcdef0123456789abcdef\nindex.html\n")
        XCTAssertEqual(withDigests, manifest, "an earlier manifest still names the files an upgrade must remove")
    }

    /// The file a build before the manifest lost its digests wrote: the next build removes what
    /// no longer belongs, as that version would have.
    func testABuildRemovesTheFilesAnEarlierVersionsManifestNamed() throws {
        let harness = try CLIHarness()
        try harness.write("_site/old.html", "from an earlier build")
        try harness.write("_site/mine.txt", "not the build's")
        try harness.write("_site/.aemtli-manifest", "# inputs 00ff\nold.html\t21\t0123456789abcdef0123456789abcdef\n")
        let run = harness.run(["build", "--now", "2026-03-25T10:00:00+01:00", "--time-zone", "Europe/Zurich"])
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(run.stdout.hasSuffix(", 1 removed.\n"), run.stdout)
        XCTAssertThrowsError(try harness.read("_site/old.html"))
        XCTAssertEqual(try harness.read("_site/mine.txt"), "not the build's")
        XCTAssertFalse(try harness.read("_site/.aemtli-manifest").contains("\t"))
    }
}
