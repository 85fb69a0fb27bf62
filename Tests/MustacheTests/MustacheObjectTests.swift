import Mustache
import XCTest

final class MustacheObjectTests: XCTestCase {
    func testSettingANameThatIsThereReplacesItsValueInPlace() {
        var object: MustacheObject = ["a": 1, "b": 2]
        object["a"] = "one"
        object["c"] = true
        XCTAssertEqual(object.members.map(\.key), ["a", "b", "c"])
        XCTAssertEqual(object["a"], "one")
        object["b"] = nil
        XCTAssertEqual(object.members.map(\.key), ["a", "c"])
        XCTAssertNil(object["b"])
    }

    func testEqualityIgnoresOrderLikeADictionary() {
        XCTAssertEqual(MustacheObject(["x": 1, "y": 2]), ["y": 2, "x": 1] as MustacheObject)
        XCTAssertNotEqual(["x": 1] as MustacheObject, ["x": 1, "y": 2] as MustacheObject)
        XCTAssertNotEqual(["x": 1] as MustacheObject, ["x": 2] as MustacheObject)
    }

    func testMergeKeepsTheOtherObjectsValues() {
        var object: MustacheObject = ["title": "Abwaschen", "status": "due"]
        object.merge(["status": "done", "symbol": "✓"])
        XCTAssertEqual(object, ["title": "Abwaschen", "status": "done", "symbol": "✓"])
    }

    func testATemplateSeesTheObjectsMembers() throws {
        let library = MustacheLibrary([try MustacheTemplate(name: "t", source: "{{#row}}{{title}} {{status}}{{/row}}")])
        var row: MustacheObject = ["title": "Tisch <decken>"]
        row["status"] = "overdue"
        XCTAssertEqual(try library.render("t", with: ["row": .object(row)]), "Tisch &lt;decken&gt; overdue")
    }
}
