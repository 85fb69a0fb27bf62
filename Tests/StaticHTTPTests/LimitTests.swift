import Foundation
import StaticHTTP
import XCTest

final class LimitTests: XCTestCase {
    func testAHugeHeadGets431() throws {
        let site = try TestSite()
        let client = try site.client()
        client.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 17_000))\r\n\r\n")

        XCTAssertEqual(client.response()?.status, 431)
        XCTAssertTrue(client.closes(within: 3))
    }

    func testARefusalReachesAClientThatIsStillSendingAndItsBytesAreReadForAWhile() throws {
        var limits = ServerLimits()
        limits.drainSeconds = 30
        let site = try TestSite(limits: limits)
        let client = try site.client()
        client.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 40_000))")

        XCTAssertEqual(client.response()?.status, 431)
        XCTAssertTrue(client.send(String(repeating: "b", count: 1000)))
        XCTAssertFalse(
            TestSite.wait(0.3) { site.server.connectionCount == 0 },
            "closed at once, so a client still sending may see a reset")
        client.finishSending()
        XCTAssertTrue(TestSite.wait { site.server.connectionCount == 0 }, "the client's end ends the draining")
    }

    func testAHeadJustWithinTheLimitIsServed() throws {
        var limits = ServerLimits()
        limits.headBytes = 1024
        let site = try TestSite(limits: limits)
        let prefix = "GET /style.css HTTP/1.1\r\nHost: localhost\r\nX: "
        let client = try site.client()
        client.send(prefix + String(repeating: "a", count: 1024 - prefix.utf8.count - 4) + "\r\n\r\n")

        XCTAssertEqual(client.response()?.status, 200)
    }

    func testASlowHeadIsClosedAfterTheTimeout() throws {
        var limits = ServerLimits()
        limits.headSeconds = 0.3
        let site = try TestSite(limits: limits)
        let client = try site.client()
        let start = Date()
        client.send("GET / HTTP/1.1\r\nHost: localhost\r\n")

        XCTAssertTrue(client.closes(within: 5))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.25)
        XCTAssertTrue(client.received.hasPrefix("HTTP/1.1 408 "), client.received)
    }

    func testAnIdleKeptConnectionIsClosedAfterTheIdleLimit() throws {
        var limits = ServerLimits()
        limits.idleSeconds = 0.3
        let site = try TestSite(limits: limits)
        let client = try site.client()
        client.send("GET /style.css HTTP/1.1\r\nHost: localhost\r\n\r\n")

        XCTAssertEqual(client.response()?.status, 200)
        XCTAssertTrue(client.closes(within: 5))
        XCTAssertTrue(TestSite.wait { site.server.connectionCount == 0 })
    }

    func testConnectionsBeyondTheCapGet503() throws {
        var limits = ServerLimits()
        limits.connections = 2
        let site = try TestSite(limits: limits)
        let holders = try (0..<2).map { _ in try site.client() }
        for holder in holders { holder.send("GET / HTTP/1.1\r\n") }
        XCTAssertTrue(TestSite.wait { site.server.connectionCount == 2 })
        let extra = try site.client()
        extra.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")

        XCTAssertEqual(extra.response()?.status, 503)
        holders[0].send("Host: localhost\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(holders[0].response()?.status, 200)
        XCTAssertTrue(TestSite.wait { site.server.connectionCount == 1 })
        XCTAssertEqual(try site.rawGet("/style.css")?.status, 200)
    }

    func testStopFinishesTheAnswerInFlightAndClosesIdleConnectionsAtOnce() throws {
        let site = try TestSite()
        let idle = try site.client()
        idle.send("GET /style.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
        XCTAssertEqual(idle.response()?.status, 200)
        let start = Date()
        site.server.stop(graceSeconds: 5)

        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertTrue(idle.closes(within: 1))
        XCTAssertThrowsError(try site.client())
    }

    /// In use is its own reason, so that `aemtli serve` can say a serve may already be running there.
    func testAPortInUseIsAListenErrorOfItsOwn() throws {
        let site = try TestSite()
        let second = HTTPServer(configuration: ServerConfiguration(port: site.port))

        XCTAssertThrowsError(try second.start()) { error in
            guard case .addressInUse(let address, _)? = (error as? HTTPError)?.reason else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(address, "127.0.0.1:\(site.port)")
        }
        let named = HTTPServer(configuration: ServerConfiguration(host: "kitchen"))
        XCTAssertThrowsError(try named.start())
    }

    func testIPv6LoopbackIsServed() throws {
        let site = try TestSite(host: "[::1]")
        #if canImport(Glibc)
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET6, SOCK_STREAM, 0)
        #endif
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = site.port.bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        try XCTSkipIf(connected != 0, "no IPv6 loopback here")
        let request = Array("GET /style.css HTTP/1.1\r\nHost: [::1]:\(site.port)\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer = [UInt8](repeating: 0, count: 4096)
        let count = answer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_WAITALL)) }

        XCTAssertTrue(String(decoding: answer[..<max(0, count)], as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }
}
