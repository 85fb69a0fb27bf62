import Dispatch
import Foundation
import XCTest

@testable import AemtliSite

final class LazyValueTests: XCTestCase {
    func testTheValueIsMadeOnceThoughManyThreadsAskAtOnce() {
        let calls = NSLock()
        var made = 0
        let lazy = LazyValue { () -> [Int] in
            calls.lock()
            made += 1
            calls.unlock()
            Thread.sleep(forTimeInterval: 0.01)
            return [1, 2, 3]
        }
        var seen = [[Int]](repeating: [], count: 16)
        seen.withUnsafeMutableBufferPointer { seen in
            let seen = seen
            DispatchQueue.concurrentPerform(iterations: 16) { seen[$0] = lazy.value }
        }
        XCTAssertEqual(made, 1)
        XCTAssertEqual(Set(seen), [[1, 2, 3]])
    }
}
