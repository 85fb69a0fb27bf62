import Files
import Foundation
import XCTest

@testable import AemtliApp

final class BuildManifestTests: XCTestCase {
    func testReadsWhatItWritesAndAnOlderManifestOfPathsAlone() throws {
        let digest = try XCTUnwrap(FileDigest(size: "12", digest: "0123456789abcdef0123456789abcdef"))
        let manifest = BuildManifest(
            inputs: "00ff",
            entries: [.init(path: "index.html", digest: digest), .init(path: "feeds/a b.ics", digest: nil)])
        XCTAssertEqual(
            manifest.text, "# inputs 00ff\nindex.html\t12\t0123456789abcdef0123456789abcdef\nfeeds/a b.ics\n")
        XCTAssertEqual(BuildManifest(parsing: manifest.text), manifest)
        let older = BuildManifest(parsing: "index.html\nfeeds/anna.ics\n")
        XCTAssertNil(older.inputs)
        XCTAssertEqual(older.entries.map(\.path), ["index.html", "feeds/anna.ics"])
        XCTAssertFalse(
            older.isCurrent(inputs: "00ff", in: "/", files: .local), "an older manifest never vouches for the site")
        XCTAssertNil(FileDigest(size: "12", digest: "not hex"))
    }

    func testIsCurrentOnlyWithTheSameInputsAndUntouchedFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("index.html")
        try Data("hello".utf8).write(to: file)
        let manifest = BuildManifest(
            inputs: "abc", entries: [.init(path: "index.html", digest: FileDigest(of: Array("hello".utf8)))])
        XCTAssertTrue(manifest.isCurrent(inputs: "abc", in: folder.path, files: .local))
        XCTAssertFalse(manifest.isCurrent(inputs: "abd", in: folder.path, files: .local))
        try Data("hallo".utf8).write(to: file)  // the same size, other bytes
        XCTAssertFalse(manifest.isCurrent(inputs: "abc", in: folder.path, files: .local))
        try FileManager.default.removeItem(at: file)
        XCTAssertFalse(manifest.isCurrent(inputs: "abc", in: folder.path, files: .local))
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
