import AemtliCLI
import Foundation
import JSON
import XCTest

final class TemplateRenderCommandTests: XCTestCase {
    func testWritesTheResultByteExactWithNoAddedNewline() throws {
        let harness = try CLIHarness()
        try harness.write("t.mustache", "Hallo {{name}}{{#chores}}, {{title}}{{/chores}}")
        try harness.write("d.json", #"{"name": "Anna & Max", "chores": [{"title": "Tisch <decken>"}]}"#)
        let run = harness.run("template", "render", "t.mustache", "--data", "d.json")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stdout, "Hallo Anna &amp; Max, Tisch &lt;decken&gt;")
        XCTAssertEqual(
            harness.run("template", "render", "t.mustache", "--data", "d.json", "--escape", "none").stdout,
            "Hallo Anna & Max, Tisch <decken>")
    }

    func testReadsPartialsFromTheFolderIncludingSubfolders() throws {
        let harness = try CLIHarness()
        try harness.write("t.mustache", "{{>row}}|{{>parts/cell}}")
        try harness.write("p/row.mustache", "R")
        try harness.write("p/parts/cell.mustache", "C")
        XCTAssertEqual(harness.run("template", "render", "t.mustache", "--partials", "p").stdout, "R|C")
    }

    func testAMissingPartialRendersAsNothingWithAWarning() throws {
        let harness = try CLIHarness()
        try harness.write("t.mustache", "[{{>nope}}]")
        let run = harness.run("template", "render", "t.mustache")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertEqual(run.stdout, "[]")
        XCTAssertEqual(
            run.stderr,
            #"aemtli: warning: t.mustache:1:2: the partial "nope" does not exist, so it renders as nothing."# + "\n")
    }

    func testTemplateAndDataErrorsExitWithSixtyFive() throws {
        let harness = try CLIHarness()
        try harness.write("bad.mustache", "{{#a}}")
        try harness.write("good.mustache", "x")
        try harness.write("bad.json", "{\"a\": }")
        let template = harness.run("template", "render", "bad.mustache")
        XCTAssertEqual(template.exitCode, .dataError)
        XCTAssertEqual(
            template.stderr,
            #"aemtli: error: bad.mustache:1:1: the section "a" is never closed; add {{/a}} after its content."# + "\n")
        let data = harness.run("template", "render", "good.mustache", "--data", "bad.json")
        XCTAssertEqual(data.exitCode, .dataError)
        XCTAssertEqual(
            data.stderr,
            "aemtli: error: bad.json:1:7: the data is not valid JSON: expected a value but found '}'; fix the file.\n")
        XCTAssertEqual(data.stdout, "")
    }

    func testMissingInputsExitWithSixtySix() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(
            harness.run("template", "render", "none.mustache").stderr,
            "aemtli: error: the template \"none.mustache\" does not exist.\n")
        try harness.write("t.mustache", "x")
        let run = harness.run("template", "render", "t.mustache", "--data", "none.json")
        XCTAssertEqual(run.exitCode, .noInput)
        XCTAssertEqual(run.stderr, "aemtli: error: the data file \"none.json\" does not exist.\n")
    }

    /// The spec's tests once more, through the command as the shared runner calls it.
    func testPassesTheMustacheSpecThroughTheCommand() throws {
        guard let shared = CLIHarness.sharedFolder else {
            throw XCTSkip("../shared is not beside this checkout, so the Mustache spec files are not here to run")
        }
        let folder = shared.appendingPathComponent("conformance/mustache-spec")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json") && $0 != "~lambdas.json"
        }.sorted()
        var passed = 0
        for file in files {
            let document = try JSONParser.parse([UInt8](Data(contentsOf: folder.appendingPathComponent(file))))
            for test in document["tests"]?.arrayValue ?? [] {
                let harness = try CLIHarness()
                try harness.write("template.mustache", test["template"]?.stringValue ?? "")
                try harness.write("data.json", (test["data"] ?? .null).serialized())
                try FileManager.default.createDirectory(
                    at: harness.directory.appendingPathComponent("partials"), withIntermediateDirectories: true)
                for partial in test["partials"]?.objectValue?.members ?? [] {
                    try harness.write("partials/\(partial.key).mustache", partial.value.stringValue ?? "")
                }
                let run = harness.run(
                    "template", "render", "template.mustache", "--data", "data.json", "--partials", "partials")
                XCTAssertEqual(run.exitCode, .success, "\(file): \(test["name"]?.stringValue ?? "")")
                XCTAssertEqual(run.stdout, test["expected"]?.stringValue, "\(file): \(test["name"]?.stringValue ?? "")")
                if run.stdout == test["expected"]?.stringValue { passed += 1 }
            }
        }
        XCTAssertEqual(passed, 184, "136 core and 48 optional tests")
    }
}
