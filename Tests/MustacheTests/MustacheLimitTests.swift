import Mustache
import XCTest

/// SPEC §6: a render is bounded. Hostile templates end in a positioned error, never a crash or
/// a render that runs for ever.
final class MustacheLimitTests: XCTestCase {
    func renderError(_ library: MustacheLibrary, _ name: String, _ data: MustacheValue = [:]) -> String? {
        do {
            var output: [UInt8] = []
            try library.render(name, with: data, into: &output)
            return nil
        } catch {
            return (error as? MustacheError)?.description ?? "not a MustacheError: \(error)"
        }
    }

    func parseError(_ source: String) -> String? {
        do {
            _ = try MustacheTemplate(name: "page", source: source)
            return nil
        } catch {
            return (error as? MustacheError)?.description ?? "not a MustacheError: \(error)"
        }
    }

    /// `count` sections named `a`, one inside the other, around `body`.
    func sections(_ count: Int, around body: String = "") -> String {
        String(repeating: "{{#a}}", count: count) + body + String(repeating: "{{/a}}", count: count)
    }

    func testABlockInsideABlockOfTheSameNameStopsWithAnError() throws {
        let library = MustacheLibrary([
            try MustacheTemplate(
                name: "page", source: "{{<layout}}{{$title}}{{$title}}{{/title}}{{/title}}{{/layout}}"),
            try MustacheTemplate(name: "layout", source: "{{$title}}{{/title}}"),
        ])
        XCTAssertEqual(
            renderError(library, "page"),
            #"page:1:22: sections and blocks nest deeper than 100 levels at "title"; nest them less deeply (a block inside a block of the same name repeats without end)."#
        )
    }

    func testThirtyThousandNestedSectionsAreAParseError() {
        XCTAssertEqual(
            parseError(sections(30_000)),
            #"page:1:601: sections and blocks nest deeper than 100 levels at "a"; nest them less deeply (a block inside a block of the same name repeats without end)."#
        )
    }

    func testAHundredNestedSectionsAndBlocksAreAllowed() throws {
        let opens = (0..<50).map { "{{#s\($0)}}{{$b\($0)}}" }.joined()
        let closes = (0..<50).reversed().map { "{{/b\($0)}}{{/s\($0)}}" }.joined()
        let data = MustacheValue.object(
            MustacheObject(Dictionary(uniqueKeysWithValues: (0..<50).map { ("s\($0)", true) })))
        let library = MustacheLibrary([try MustacheTemplate(name: "page", source: opens + "deep" + closes)])
        XCTAssertEqual(try library.render("page", with: data), "deep")
    }

    func testSectionsNestedAcrossPartialsStopAtTheLimit() throws {
        // Each partial nests 60 sections: one level is fine, the second goes past 100.
        let library = MustacheLibrary([
            try MustacheTemplate(name: "page", source: sections(60, around: "{{>part}}")),
            try MustacheTemplate(name: "part", source: "\n" + sections(60, around: "{{>inner}}")),
            try MustacheTemplate(name: "inner", source: "x"),
        ])
        XCTAssertEqual(
            renderError(library, "page", ["a": true]),
            #"part:2:241: sections and blocks nest deeper than 100 levels at "a"; nest them less deeply (a block inside a block of the same name repeats without end)."#
        )
    }

    func testPartialRecursionNamesTheTemplateThatHoldsTheTag() throws {
        let library = MustacheLibrary([
            try MustacheTemplate(name: "a", source: "{{>b}}"),
            try MustacheTemplate(name: "b", source: "\n  {{>a}}"),
        ])
        XCTAssertEqual(
            renderError(library, "a"),
            #"a:1:1: partials nest deeper than 200 levels at "b"; a partial probably includes itself without end."#)
    }

    func testNineNestedTenItemSectionsStopAtTheOutputLimit() throws {
        let library = MustacheLibrary([
            try MustacheTemplate(name: "page", source: "\n" + sections(9, around: "{{{big}}}"))
        ])
        // 64 KiB a time: the default limit of 64 MiB is reached after 1 025 of 10^9 renderings.
        let big = MustacheValue.string(String(repeating: "x", count: 65_536))
        XCTAssertEqual(
            renderError(library, "page", ["a": .list(Array(repeating: true, count: 10)), "big": big]),
            #"page:2:49: the output grows past 64 MiB inside the section "a"; it probably repeats too often (long lists inside each other)."#
        )
    }

    func testSectionsThatWriteNothingStopAtTheStepLimit() throws {
        var library = MustacheLibrary([try MustacheTemplate(name: "page", source: sections(9))])
        library.stepLimit = 100_000
        XCTAssertEqual(
            renderError(library, "page", ["a": .list(Array(repeating: true, count: 10))]),
            #"page:1:49: rendering takes more than 100000 steps inside the section "a"; it probably repeats too often (long lists inside each other)."#
        )
    }

    func testTheLimitsOfARenderCanBeLoweredForOneLibrary() throws {
        var library = MustacheLibrary([
            try MustacheTemplate(name: "page", source: "{{>part}}"),
            try MustacheTemplate(name: "part", source: "0123456789"),
        ])
        library.outputLimit = 25
        XCTAssertEqual(try library.render("page", with: [:]), "0123456789")
        var output = Array("output of an earlier render, 40 bytes ".utf8)
        XCTAssertNoThrow(
            try library.render("page", with: [:], into: &output), "the limit counts what this render writes")
        library.outputLimit = 5
        XCTAssertEqual(
            renderError(library, "page"),
            #"page:1:1: the output grows past 5 bytes inside the partial "part"; it probably repeats too often (long lists inside each other)."#
        )
        library.add(try MustacheTemplate(name: "plain", source: "0123456789"))
        XCTAssertEqual(
            renderError(library, "plain"),
            #"plain:1:1: the output grows past 5 bytes inside the template "plain"; it probably repeats too often (long lists inside each other)."#
        )
    }

    func testAllTagsOnOneLongLineParseInLinearTime() throws {
        // Standalone-line and position bookkeeping once went back to the start for every tag.
        let count = 20_000
        let source = String(repeating: "{{$b}}{{/b}}{{>p}}", count: count)
        let clock = ContinuousClock()
        let start = clock.now
        let template = try MustacheTemplate(name: "page", source: source)
        XCTAssertLessThan(clock.now - start, .seconds(5))
        let library = MustacheLibrary([template, try MustacheTemplate(name: "p", source: "")])
        XCTAssertEqual(try library.render("page", with: [:]), "")
    }

    func testATemplateLargerThan256MiBIsAnError() {
        let source = String(decoding: [UInt8](repeating: 0x78, count: MustacheTemplate.sizeLimit + 1), as: UTF8.self)
        XCTAssertEqual(parseError(source), "page:1:1: the template is larger than 256 MiB; split it into partials.")
    }
}
