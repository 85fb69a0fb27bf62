@testable import AemtliCLI
import Foundation
import XCTest

final class BuildManifestTests: XCTestCase {
    func testReadsWhatItWritesAndAnOlderManifestOfPathsAlone() throws {
        let stamp = FileStamp(size: "12", time: "1774429200.000000042")
        let manifest = BuildManifest(inputs: "00ff", entries: [.init(path: "index.html", stamp: stamp), .init(path: "feeds/a b.ics", stamp: nil)])
        XCTAssertEqual(manifest.text, "# inputs 00ff\nindex.html\t12\t1774429200.000000042\nfeeds/a b.ics\n")
        XCTAssertEqual(BuildManifest(parsing: manifest.text), manifest)
        let older = BuildManifest(parsing: "index.html\nfeeds/anna.ics\n")
        XCTAssertNil(older.inputs)
        XCTAssertEqual(older.entries.map(\.path), ["index.html", "feeds/anna.ics"])
        XCTAssertFalse(older.isCurrent(inputs: "00ff", in: URL(fileURLWithPath: "/")), "an older manifest never vouches for the site")
    }

    func testIsCurrentOnlyWithTheSameInputsAndUntouchedFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("index.html")
        try Data("hello".utf8).write(to: file)
        let manifest = BuildManifest(inputs: "abc", entries: [.init(path: "index.html", stamp: FileStamp(of: file))])
        XCTAssertTrue(manifest.isCurrent(inputs: "abc", in: folder))
        XCTAssertFalse(manifest.isCurrent(inputs: "abd", in: folder))
        try Data("hallo".utf8).write(to: file)  // same size, later time
        XCTAssertFalse(manifest.isCurrent(inputs: "abc", in: folder))
    }
}

final class InputFingerprintTests: XCTestCase {
    func fingerprint(_ parts: [String]) -> String {
        var fingerprint = InputFingerprint()
        parts.forEach { fingerprint.add($0) }
        return fingerprint.hex
    }

    func testTheSameInputsGiveTheSameDigestAndAnyChangeAnother() {
        let store = String(repeating: "{\"recordName\": \"C1\"} ", count: 50)
        XCTAssertEqual(fingerprint(["a", store]), fingerprint(["a", store]))
        XCTAssertEqual(fingerprint(["a"]).count, 32)
        var digests: Set<String> = [fingerprint(["a", store])]
        for index in store.indices {  // every single-character change, at every position
            var changed = store
            changed.replaceSubrange(index...index, with: "x")
            if changed != store { digests.insert(fingerprint(["a", changed])) }
        }
        XCTAssertEqual(digests.count, 1 + store.filter { $0 != "x" }.count)
    }

    func testPartsKeepTheirBoundariesAndOrder() {
        XCTAssertNotEqual(fingerprint(["ab", "c"]), fingerprint(["a", "bc"]))
        XCTAssertNotEqual(fingerprint(["a", "b"]), fingerprint(["b", "a"]))
        XCTAssertNotEqual(fingerprint(["", ""]), fingerprint([""]))
        XCTAssertNotEqual(fingerprint(["a\u{0}"]), fingerprint(["a"]))
    }
}
