import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells systemd that `serve` is ready (`Type=notify`): one datagram to `NOTIFY_SOCKET`, a path or
/// (starting with `@`) a name in Linux's abstract namespace. Nothing happens without the variable.
enum SystemdNotifier {
    /// False when there is a socket and the message could not be sent.
    @discardableResult
    static func notify(_ message: String, variables: [String: String]) -> Bool {
        guard let path = variables["NOTIFY_SOCKET"], !path.isEmpty else { return true }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var name = Array(path.utf8)
        if name.first == UInt8(ascii: "@") { name[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard name.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_DGRAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let sent = Array(message.utf8).withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, bytes.baseAddress, bytes.count, 0, $0, length)
                }
            }
        }
        return sent == message.utf8.count
    }
}
