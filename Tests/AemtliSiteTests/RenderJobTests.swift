import AemtliSite
import Foundation
import XCTest

final class RenderJobTests: XCTestCase {
    /// Collects what the jobs put, by path.
    final class Collector: OutputSink, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var files: [String: [UInt8]] = [:]

        func put(_ path: String, _ bytes: [UInt8]) throws {
            lock.lock()
            defer { lock.unlock() }
            files[path] = bytes
        }
    }

    struct Failure: Error, Equatable { let job: Int }

    func testEveryJobStartsWithAnEmptyBufferThoughBuffersAreReused() throws {
        let sink = Collector()
        let jobs = (0..<200).map { number in
            RenderJob(kind: number % 2 == 0 ? "pages" : "feeds") { buffer in
                XCTAssertTrue(buffer.isEmpty, "job \(number) was handed \(buffer.count) bytes of an earlier job")
                buffer += Array(repeating: UInt8(number % 256), count: 1000 + number)
                try sink.put("\(number).bin", buffer)
            }
        }
        let totals = try RenderJob.runAll(jobs)

        XCTAssertEqual(sink.files.count, 200)
        XCTAssertEqual(sink.files["0.bin"], Array(repeating: 0, count: 1000))
        XCTAssertEqual(sink.files["199.bin"], Array(repeating: 199, count: 1199))
        XCTAssertEqual(totals.map(\.kind), ["pages", "feeds"])
    }

    func testTheFirstFailureInJobOrderIsThrownAfterAllJobsRan() {
        let sink = Collector()
        let jobs = (0..<20).map { number in
            RenderJob(kind: "pages") { buffer in
                if number == 7 || number == 12 { throw Failure(job: number) }
                buffer.append(1)
                try sink.put("\(number)", buffer)
            }
        }
        XCTAssertThrowsError(try RenderJob.runAll(jobs)) { XCTAssertEqual($0 as? Failure, Failure(job: 7)) }
        XCTAssertEqual(sink.files.count, 18)
    }
}
