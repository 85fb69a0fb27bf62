import Foundation
import XCTest

@testable import AemtliApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve` under systemd's `Type=notify`: one datagram `READY=1` to the socket `NOTIFY_SOCKET` names.
final class SystemdNotifierTests: XCTestCase {
    func testReadinessReachesTheSocketNotifySocketNames() throws {
        let path = NSTemporaryDirectory() + "notify-\(UUID().uuidString.prefix(8))"
        #if canImport(Glibc)
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #else
        let receiver = socket(AF_UNIX, SOCK_DGRAM, 0)
        #endif
        XCTAssertGreaterThanOrEqual(receiver, 0)
        defer {
            close(receiver)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)

        XCTAssertTrue(SystemdNotifier.notify("READY=1", variables: ["NOTIFY_SOCKET": path]))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { recv(receiver, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        XCTAssertEqual(String(decoding: buffer[..<max(0, count)], as: UTF8.self), "READY=1")
        XCTAssertTrue(SystemdNotifier.notify("READY=1", variables: [:]), "no socket: nothing to do")
    }
}
