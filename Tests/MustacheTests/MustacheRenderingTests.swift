import JSON
import Mustache
import XCTest

final class MustacheRenderingTests: XCTestCase {
    func render(
        _ source: String, _ data: MustacheValue, escaping: MustacheEscaping = .html, partials: [String: String] = [:]
    ) throws -> String {
        var library = MustacheLibrary(try partials.map { try MustacheTemplate(name: $0.key, source: $0.value) })
        library.add(try MustacheTemplate(name: "t", source: source))
        return try library.render("t", with: data, escaping: escaping)
    }

    func testEscapesAllFiveHTMLCharactersAndLeavesTheRest() throws {
        XCTAssertEqual(
            try render("{{v}}|{{{v}}}|{{&v}}", ["v": #"<a href="x">Tom & 'Jerry' 🧹</a>"#]),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39; 🧹&lt;/a&gt;|<a href=\"x\">Tom & 'Jerry' 🧹</a>|<a href=\"x\">Tom & 'Jerry' 🧹</a>"
        )
    }

    func testHTMLEscapingReplacesCharactersHTMLTextCannotCarry() throws {
        // C0 controls but tab, line feed, form feed and carriage return; DEL and the C1 controls;
        // noncharacters (U+FDD0–U+FDEF and the last two of every plane).
        let scalars: [UInt32] = [
            0x0, 0x1, 0x7, 0x8, 0xB, 0xE, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE,
            0x10FFFF,
        ]
        let forbidden = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        XCTAssertEqual(try render("{{v}}", ["v": .string(forbidden)]), String(repeating: "\u{FFFD}", count: 18))
        let allowed = "\t\n\u{C}\r ~\u{A0}°é\u{FDCF}\u{FDF0}\u{FEFF}\u{FFFD}\u{1F9F9}\u{10FFFD}"
        XCTAssertEqual(try render("{{v}}", ["v": .string(allowed)]), allowed)
        XCTAssertEqual(
            try render("{{v}}", ["v": "\u{1B}[2J\u{1B}]0;pwned\u{7} <dishes>"]),
            "\u{FFFD}[2J\u{FFFD}]0;pwned\u{FFFD} &lt;dishes&gt;")
        XCTAssertEqual(try render("{{v}}", ["v": "a\u{0}b"], escaping: .none), "a\u{0}b", "plain text is left as it is")
    }

    func testPlainTextEscapingWritesValuesAsTheyAre() throws {
        XCTAssertEqual(try render("{{v}}", ["v": "a < b & c"], escaping: .none), "a < b & c")
    }

    func testWritesNumbersTheWayTheSpecShowsThem() throws {
        XCTAssertEqual(
            try render(
                "{{a}} {{b}} {{c}} {{d}} {{e}}",
                ["a": 85, "b": .double(1.21), "c": .double(85), "d": .double(-0.5), "e": true]),
            "85 1.21 85 -0.5 true")
    }

    func testNumbersFromJSONRenderLikeTheirText() throws {
        let data = MustacheValue(try JSONParser.parse(#"{"n": 1.210, "m": 1749710700000, "x": 3e2}"#))
        XCTAssertEqual(try render("{{n}} {{m}} {{x}}", data), "1.21 1749710700000 300")
    }

    func testFalseyValuesHideSectionsAndShowInvertedOnes() throws {
        for falsey: MustacheValue in [nil, false, 0, .double(0), "", []] {
            XCTAssertEqual(try render("{{#v}}shown{{/v}}{{^v}}hidden{{/v}}", ["v": falsey]), "hidden", "\(falsey)")
        }
        for truthy: MustacheValue in [true, 1, "x", [1], ["k": 1]] {
            XCTAssertEqual(try render("{{#v}}shown{{/v}}{{^v}}hidden{{/v}}", ["v": truthy]), "shown", "\(truthy)")
        }
    }

    func testListsAndObjectsInterpolateAsNothing() throws {
        XCTAssertEqual(try render("[{{l}}][{{o}}][{{n}}]", ["l": [1, 2], "o": ["a": 1], "n": nil]), "[][][]")
    }

    func testSwiftValuesBecomeTemplateData() throws {
        struct Row: MustacheRepresentable {
            var title: String
            var done: Bool
            var mustacheValue: MustacheValue { ["title": title.mustacheValue, "done": done.mustacheValue] }
        }
        let rows = [Row(title: "Tisch decken", done: true), Row(title: "Staubsaugen", done: false)]
        let optional: String? = nil
        let data: MustacheValue = ["rows": rows.map(\.mustacheValue).mustacheValue, "none": optional.mustacheValue]
        XCTAssertEqual(
            try render("{{#rows}}{{#done}}✓{{/done}}{{title}};{{/rows}}{{none}}", data), "✓Tisch decken;Staubsaugen;")
    }

    func testPagesShareOneLayoutThroughInheritance() throws {
        // The body block's tags stand on their own lines: a block opened and closed on one line
        // keeps that line's break (spec: "Standalone block"), which would add a blank line here.
        let layout =
            "<html>\n<head><title>{{$title}}Ämtli{{/title}}</title></head>\n<body>\n  {{$body}}\n  {{/body}}\n</body>\n</html>\n"
        let page =
            "{{<layout}}\n{{$title}}{{name}} – Ämtli{{/title}}\n{{$body}}\n<h1>{{name}}</h1>\n{{#chores}}\n{{>row}}\n{{/chores}}\n{{/body}}\n{{/layout}}\n"
        let output = try render(
            page, ["name": "Anna", "chores": [["t": "Tisch decken"], ["t": "Katze füttern"]]],
            partials: ["layout": layout, "row": "<p>{{t}}</p>\n"])
        XCTAssertEqual(
            output,
            """
            <html>
            <head><title>Anna – Ämtli</title></head>
            <body>
              <h1>Anna</h1>
              <p>Tisch decken</p>
              <p>Katze füttern</p>
            </body>
            </html>

            """)
    }

    func testParsesOnceAndRendersManyTimes() throws {
        let template = try MustacheTemplate(name: "t", source: "{{#xs}}{{.}},{{/xs}}")
        let library = MustacheLibrary()
        XCTAssertEqual(try library.render(template, with: ["xs": [1, 2]]), Array("1,2,".utf8))
        XCTAssertEqual(try library.render(template, with: ["xs": ["a"]]), Array("a,".utf8))
    }

    func testRenderingIntoABufferAppendsToWhatIsAlreadyThere() throws {
        var library = MustacheLibrary([try MustacheTemplate(name: "item", source: "<li>{{.}}</li>")])
        library.add(try MustacheTemplate(name: "t", source: "{{#list}}{{>item}}{{/list}}"))
        var output = Array("<ul>".utf8)
        try library.render("t", with: ["list": ["a & b", "c"]], into: &output)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "<ul><li>a &amp; b</li><li>c</li>")
    }
}
