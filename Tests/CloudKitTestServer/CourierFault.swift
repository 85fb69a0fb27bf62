import Foundation

/// A fault the test server's webcourier injects into the next long poll's answer (CLOUDKIT.md
/// §13.5), at the moment it would answer: when a frame is due, or when the hold ends.
package enum CourierFault: Sendable {
    /// The connection closes without an answer; the frame stays queued for the next poll.
    case reset
    /// The answer's body is cut off half-way and the connection closed; the frame is lost.
    case cutFrame
    /// A 200 whose body is not JSON (a broken frame); the frame is lost.
    case malformed
    /// A 200 with a proxy's HTML page; the frame is lost.
    case html
    /// No answer until the client gives up; the frame stays queued.
    case stall
    /// The answer comes `seconds` late.
    case slow(seconds: Double)
    /// An error status with a CloudKit-like JSON body that holds a frame's `ck` too; the frame is lost.
    case status(Int)
}
