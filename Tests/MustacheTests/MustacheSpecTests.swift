import Foundation
import JSON
import Mustache
import XCTest

/// Every test of the official Mustache spec files in ../shared/conformance/mustache-spec, through
/// the library API. `~lambdas` needs code in the data and is skipped on purpose.
final class MustacheSpecTests: XCTestCase {
    static var specFolder: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/mustache-spec")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    func run(_ file: String) throws {
        guard let folder = Self.specFolder else {
            throw XCTSkip(
                "../shared/conformance/mustache-spec is not beside this checkout, so the spec tests are not here to run"
            )
        }
        let document = try JSONParser.parse([UInt8](Data(contentsOf: folder.appendingPathComponent(file))))
        let tests = try XCTUnwrap(document["tests"]?.arrayValue)
        XCTAssertGreaterThan(tests.count, 0)
        for test in tests {
            let name = test["name"]?.stringValue ?? "?"
            var library = MustacheLibrary()
            for partial in test["partials"]?.objectValue?.members ?? [] {
                library.add(try MustacheTemplate(name: partial.key, source: partial.value.stringValue ?? ""))
            }
            let template = try MustacheTemplate(
                name: "\(file): \(name)", source: try XCTUnwrap(test["template"]?.stringValue))
            let output = try library.render(template, with: MustacheValue(test["data"] ?? .null))
            XCTAssertEqual(String(decoding: output, as: UTF8.self), test["expected"]?.stringValue, "\(file): \(name)")
        }
    }

    func testComments() throws { try run("comments.json") }
    func testDelimiters() throws { try run("delimiters.json") }
    func testInterpolation() throws { try run("interpolation.json") }
    func testInverted() throws { try run("inverted.json") }
    func testPartials() throws { try run("partials.json") }
    func testSections() throws { try run("sections.json") }
    func testDynamicNames() throws { try run("~dynamic-names.json") }
    func testInheritance() throws { try run("~inheritance.json") }

    func testLambdasAreSkippedBecauseTheyNeedCodeInTheData() throws {
        throw XCTSkip("~lambdas.json holds code in its data; a logic-less engine fed JSON cannot run it")
    }
}
