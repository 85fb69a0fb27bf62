import Foundation
import StaticHTTP
import XCTest

final class EventStreamTests: XCTestCase {
    private func openStream(_ site: TestSite) throws -> RawClient {
        let client = try site.client()
        client.send("GET /_aemtli/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        return client
    }

    func testAStreamReceivesRebuiltWithTheChangedPathsAndPrivateNamesHidden() throws {
        let site = try TestSite()
        let stream = try openStream(site)
        XCTAssertTrue(stream.receive(until: "\r\n\r\n"))
        XCTAssertTrue(stream.received.hasPrefix("HTTP/1.1 200 OK\r\n"))
        XCTAssertTrue(stream.received.contains("Content-Type: text/event-stream\r\n"))
        XCTAssertTrue(TestSite.wait { site.server.eventStreamCount == 1 })
        site.server.publish(changedPaths: ["/wall.html", "/feeds/k3j4h5q.ics", "/feeds/x9.ics", "/a\"b.html"])

        XCTAssertTrue(stream.receive(until: "]\n\n"), stream.received)
        let event = "event: rebuilt\ndata: [\"/wall.html\",\"/feeds/…\",\"/a\\\"b.html\"]\n\n"
        XCTAssertTrue(stream.received.hasSuffix("\r\n\r\n" + event), stream.received)
    }

    func testAnEventIsSentToOpenStreamsAndItsLastOneToEachStreamThatOpensLater() throws {
        let site = try TestSite()
        let early = try openStream(site)
        XCTAssertTrue(early.receive(until: "\r\n\r\n"))
        XCTAssertTrue(TestSite.wait { site.server.eventStreamCount == 1 })
        site.server.publish(event: "synced", data: "2026-03-25T10:00:15+01:00", replay: true)
        site.server.publish(event: "synced", data: "2026-03-25T10:00:30+01:00", replay: true)
        site.server.publish(event: "note", data: "two\nlines")

        XCTAssertTrue(early.receive(until: "lines\n\n"), early.received)
        XCTAssertTrue(
            early.received.hasSuffix(
                "\r\n\r\nevent: synced\ndata: 2026-03-25T10:00:15+01:00\n\n"
                    + "event: synced\ndata: 2026-03-25T10:00:30+01:00\n\nevent: note\ndata: two\ndata: lines\n\n"),
            early.received)
        // A stream opened now hears the last replayed event at once, and nothing else.
        let late = try openStream(site)
        XCTAssertTrue(late.receive(until: "+01:00\n\n"), late.received)
        XCTAssertTrue(
            late.received.hasSuffix("\r\n\r\nevent: synced\ndata: 2026-03-25T10:00:30+01:00\n\n"), late.received)
        XCTAssertFalse(late.received.contains("note"), late.received)
    }

    func testAStreamIsSentHeartbeatsAndOutlivesTheIdleLimit() throws {
        var limits = ServerLimits()
        limits.heartbeatSeconds = 0.1
        limits.idleSeconds = 0.2
        let site = try TestSite(limits: limits)
        let stream = try openStream(site)

        XCTAssertTrue(stream.receive(until: "\r\n\r\n:\n\n:\n\n:\n\n"), stream.received)
        XCTAssertEqual(site.server.eventStreamCount, 1)
    }

    func testAStreamBeyondTheCapGets503AndALeavingClientFreesItsPlace() throws {
        var limits = ServerLimits()
        limits.eventStreams = 2
        let site = try TestSite(limits: limits)
        var streams = try [openStream(site), openStream(site)]
        XCTAssertTrue(TestSite.wait { site.server.eventStreamCount == 2 })

        let third = try openStream(site)
        XCTAssertEqual(third.response()?.status, 503)
        streams.removeFirst()
        XCTAssertTrue(TestSite.wait { site.server.eventStreamCount == 1 })
        let again = try openStream(site)
        XCTAssertTrue(again.receive(until: "200 OK"))
        XCTAssertEqual(streams.count, 1)
    }

    func testStoppingEndsTheStreams() throws {
        let site = try TestSite()
        let stream = try openStream(site)
        XCTAssertTrue(TestSite.wait { site.server.eventStreamCount == 1 })
        let start = Date()
        site.server.stop(graceSeconds: 5)

        XCTAssertTrue(stream.closes(within: 2))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }
}
