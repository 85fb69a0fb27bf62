import Foundation
import StaticHTTP
import XCTest

final class AtomicSwapTests: XCTestCase {
    /// Twenty clients fetch a page while a loop renames one of two versions into place, as a build
    /// does; every answer must be exactly one version, with the length and tag of that version.
    func testAPageFetchedDuringRenamesIsAlwaysOneWholeVersion() throws {
        let site = try TestSite()
        let page = site.folder.appendingPathComponent("wall.html")
        let versions = [String(repeating: "A", count: 300_000), String(repeating: "bb", count: 90_001)]
            .map { Array($0.utf8) }
        try Data(versions[0]).write(to: page)
        let stop = Flag()
        let swapper = Thread {
            var turn = 0
            while !stop.isSet {
                turn += 1
                let temporary = site.folder.appendingPathComponent(".wall.html.tmp")
                try? Data(versions[turn % 2]).write(to: temporary)
                _ = rename(temporary.path, page.path)
            }
        }
        swapper.start()
        defer { stop.set() }
        let results = Results()
        let group = DispatchGroup()
        for client in 0..<20 {
            group.enter()
            Thread {
                defer { group.leave() }
                for _ in 0..<15 {
                    if client % 2 == 0, let (response, body) = try? site.fetch("/wall.html") {
                        results.add(
                            Array(body), length: response.value(forHTTPHeaderField: "Content-Length"),
                            tag: response.value(forHTTPHeaderField: "ETag"))
                    } else if let answer = try? site.rawGet("/wall.html") {
                        results.add(answer.body, length: answer.headers["content-length"], tag: answer.headers["etag"])
                    }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        stop.set()

        let seen = results.all
        XCTAssertEqual(seen.count, 300)
        var tags: [Int: Set<String>] = [:]
        for (body, length, tag) in seen {
            let version = versions.firstIndex(of: body)
            XCTAssertNotNil(version, "a mixed or partial body of \(body.count) bytes")
            XCTAssertEqual(length, "\(body.count)")
            if let version, let tag { tags[version, default: []].insert(tag) }
        }
        XCTAssertEqual(tags.count, 2, "both versions were served")
        XCTAssertEqual(tags.values.map(\.count), [1, 1], "one tag per version")
    }
}
