import Foundation
import InputMutation
import JSON
import Mustache
import XCTest

/// A few seconds of seeded random mutations of templates, partials and data: each renders, or
/// fails with a `MustacheError` placed inside the template it names; none crashes or runs long.
final class MustacheMutationTests: XCTestCase {
    /// Template, data as JSON, then partial names and sources, separated by NUL bytes.
    static let seeds: [String] = [
        "<ul>\n{{#items}}\n  <li>{{name}} {{{raw}}} {{&amp}}</li>\n{{/items}}\n{{^items}}none{{/items}}\n</ul>\0{\"items\": [{\"name\": \"<a>\"}, {\"name\": \"\\u0000\"}]}",
        "{{<layout}}{{$title}}T {{a.b.c}}{{/title}}{{/layout}}\0{\"a\": {\"b\": {\"c\": 1.5}}}\0layout\0<h1>{{$title}}default{{/title}}</h1>\n  {{>row}}\n\0row\0{{! comment }}{{=<% %>=}}<% . %>",
        "{{>*dynamic}}|{{#list}}{{.}},{{/list}}\0{\"dynamic\": \"p\", \"list\": [1, 2, 3]}\0p\0{{#list}}{{>p}}{{/list}}",
    ]

    func testMutatedTemplatesNeverCrashAndFailWithAPlacedError() throws {
        var seeds = Self.seeds.map { Array($0.utf8) }
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: templates.path).sorted() {
            seeds += try [Array(Data(contentsOf: templates.appendingPathComponent(name))) + Array("\0{}".utf8)]
        }
        var mutator = InputMutator(seed: 17)
        var (renders, failures) = (0, 0)
        for input in mutator.inputs(from: seeds, count: 5_000) {
            let parts = input.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            var sources = ["page": parts[0]]
            for index in stride(from: 2, to: parts.count - 1, by: 2) { sources[parts[index]] = parts[index + 1] }
            do {
                var library = MustacheLibrary(try sources.map { try MustacheTemplate(name: $0.key, source: $0.value) })
                library.outputLimit = 1 << 16
                library.stepLimit = 1 << 14
                let data = parts.count > 1 ? (try? JSONParser.parse(parts[1])).map(MustacheValue.init) : nil
                _ = try library.render("page", with: data ?? .null)
                renders += 1
            } catch let error as MustacheError {
                failures += 1
                let lines =
                    sources[error.template].map { $0.split(separator: "\n", omittingEmptySubsequences: false).count }
                    ?? 1
                XCTAssert((1...lines).contains(error.line) && error.column >= 1, "\(error) for \(input)")
            } catch {
                XCTFail("not a MustacheError: \(error) for \(input)")
            }
        }
        XCTAssertGreaterThan(failures, 100, "many mutations break the template")
        XCTAssertGreaterThan(renders, 100, "many mutations still render")
    }
}
