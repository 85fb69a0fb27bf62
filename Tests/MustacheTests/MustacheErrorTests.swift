import Mustache
import XCTest

/// Each error reads as one sentence with the template's name, line and column.
final class MustacheErrorTests: XCTestCase {
    func assertParseError(_ source: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try MustacheTemplate(name: "page.mustache", source: source), file: file, line: line) {
            error in
            XCTAssertEqual((error as? MustacheError)?.description, message, file: file, line: line)
        }
    }

    func testUnclosedSection() {
        assertParseError(
            "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>",
            #"page.mustache:2:3: the section "items" is never closed; add {{/items}} after its content."#)
    }

    func testMismatchedClosingTag() {
        assertParseError(
            "{{#a}}{{#b}}x{{/a}}{{/b}}",
            #"page.mustache:1:14: {{/a}} does not match the open section "b"; close "b" first with {{/b}}."#)
    }

    func testClosingTagWithoutSection() {
        assertParseError(
            "ok\n{{/done}}",
            #"page.mustache:2:1: {{/done}} closes a section that is not open; remove it or open the section with {{#done}}."#
        )
    }

    func testUnclosedTag() {
        assertParseError("Hallo {{name", #"page.mustache:1:7: the tag is never closed; end it with "}}"."#)
        assertParseError("{{{name}}", #"page.mustache:1:1: the tag is never closed; end it with "}}}"."#)
    }

    func testBadDelimiterTag() {
        assertParseError(
            "{{=<% =}}",
            #"page.mustache:1:1: "{{=<% =}}" is not a valid delimiter change; write two delimiters without spaces or "=" in them, like {{=<% %>=}}."#
        )
    }

    func testEmptyTag() {
        assertParseError("a {{ }} b", #"page.mustache:1:3: the tag "{{ }}" has no name; write a name inside it."#)
    }

    func testColumnsCountCharacters() {
        assertParseError(
            "Ämtli 🧹 {{/x}}",
            #"page.mustache:1:9: {{/x}} closes a section that is not open; remove it or open the section with {{#x}}."#)
    }

    func testUnknownPartialIsAnErrorAtLoadTime() throws {
        let library = MustacheLibrary([
            try MustacheTemplate(name: "layout", source: "<main>\n  {{>header}}\n  {{<frame}}{{/frame}}\n</main>"),
            try MustacheTemplate(name: "frame", source: "[{{$body}}{{/body}}]"),
        ])
        XCTAssertEqual(
            library.unknownPartials().map(\.description),
            [
                #"layout:2:3: the partial "header" does not exist; add a template named "header" or fix the name."#
            ])
        XCTAssertThrowsError(try library.validate())
    }

    func testEndlessRecursionStopsWithAnError() throws {
        let library = MustacheLibrary([try MustacheTemplate(name: "loop", source: "x{{>loop}}")])
        XCTAssertThrowsError(try library.render("loop", with: [:])) { error in
            XCTAssertEqual(
                (error as? MustacheError)?.description,
                #"loop:1:2: partials nest deeper than 200 levels at "loop"; a partial probably includes itself without end."#
            )
        }
    }
}
