import AemtliSite
import Foundation
import XCTest

/// The templates and assets built into the binary are exactly Templates/ and Public/.
final class EmbeddedFilesTests: XCTestCase {
    func files(in folder: String) throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let base = root.appendingPathComponent(folder)
        var result: [String: String] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: base.path)
        where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: base.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue {
                result[name] = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)
            }
        }
        return result
    }

    func testTheBinaryCarriesTemplatesAndPublicAsTheyAre() throws {
        let hint =
            "Templates/ or Public/ changed: run `swift run embed-files` and commit Sources/AemtliSite/EmbeddedFiles.swift"
        XCTAssertEqual(BuiltinFiles.templates, try files(in: "Templates"), hint)
        XCTAssertEqual(
            BuiltinFiles.assets.mapValues { String(decoding: $0, as: UTF8.self) }, try files(in: "Public"), hint)
        XCTAssertNotNil(BuiltinFiles.templates["layout.mustache"])
    }
}
