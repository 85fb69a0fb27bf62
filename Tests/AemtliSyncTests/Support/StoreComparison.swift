import AemtliCore
import CloudKitTestServer
import Foundation
import JSON
import XCTest

/// Reads stores as aemtli's own reader does (SPEC §2) and compares them with the server.
extension SyncHarness {
    /// The family in the store folder: every `*.json` below it, in lexical path order.
    func storeFamily() throws -> StoreReadResult {
        let base = URL(fileURLWithPath: store)
        var names: [String] = []
        if let walker = FileManager.default.enumerator(atPath: store) {
            for case let name as String in walker where name.hasSuffix(".json") { names.append(name) }
        }
        let sources = try names.sorted().map { name in
            StoreSource(name: name, bytes: [UInt8](try Data(contentsOf: base.appendingPathComponent(name))))
        }
        return try StoreReader().read(sources)
    }

    /// The family the server's live records make.
    func serverFamily() throws -> Family {
        let document: JSONValue = .object(["records": .array(server.liveRecords)])
        return try StoreReader().read([StoreSource(name: "server", bytes: document.serializedBytes())]).family
    }

    func assertStoreMatchesServer(file: StaticString = #filePath, line: UInt = #line) throws {
        let stored = try storeFamily()
        let expected = try serverFamily()
        XCTAssertEqual(stored.family.members, expected.members, "members", file: file, line: line)
        XCTAssertEqual(stored.family.chores, expected.chores, "chores", file: file, line: line)
        XCTAssertEqual(stored.warnings.map(\.message), [], file: file, line: line)
    }

    func journalLines() -> [String] {
        guard let text = try? String(contentsOfFile: layout.journal, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    func operations() -> [String] {
        server.requests.map(\.operation)
    }
}

extension FakeCloudKit.Recorded {
    /// The first `zones[]` entry of a changes/zone request body.
    var zoneEntry: JSONValue? { body?["zones"]?.arrayValue?.first }
}
