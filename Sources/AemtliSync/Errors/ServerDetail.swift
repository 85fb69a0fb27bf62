import CloudKitWeb
import Foundation
import VisibleText

/// What CloudKit said about a failure, ready for a message: status, code, reason and uuid with
/// control characters made visible and any token removed.
public struct ServerDetail: Equatable, Sendable, CustomStringConvertible {
    public var status: Int?
    public var code: String?
    public var reason: String?
    public var uuid: String?

    public init(status: Int?, error: ServerErrorBody?, hiding secrets: [String] = []) {
        self.status = status
        code = error.map { Self.clean($0.serverErrorCode, secrets) }
        reason = error?.reason.map { Self.clean($0, secrets) }
        uuid = error?.uuid.map { Self.clean($0, secrets) }
    }

    /// `HTTP 500 "INTERNAL_ERROR": "reason" (uuid "…")`, leaving out what is not known.
    public var description: String {
        var parts: [String] = []
        if let status { parts.append("HTTP \(status)") }
        if let code { parts.append("\"\(code)\"") }
        var text = parts.isEmpty ? "an error" : parts.joined(separator: " ")
        if let reason, !reason.isEmpty { text += ": \"\(reason)\"" }
        if let uuid, !uuid.isEmpty { text += " (uuid \"\(uuid)\")" }
        return text
    }

    static func clean(_ text: String, _ secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: "[token]")
            result = result.replacingOccurrences(of: PercentEncoding.encode(secret), with: "[token]")
        }
        return VisibleText.quote(result)
    }
}
