import VisibleText

/// A CloudKit address or answer that aemtli cannot use: a bad endpoint or container, or a
/// response body of the wrong shape. Values from the user or the server are quoted with control
/// characters made visible.
public struct CloudKitError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case endpointNotHTTPS(String)
        case endpointInvalid(String)
        case containerInvalid(String)
        case bodyNotJSON(operation: String, detail: String)
        case unexpectedShape(operation: String, detail: String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .endpointNotHTTPS(let value):
            return
                "The endpoint \"\(VisibleText.quote(value))\" uses http:// to a host that is not this machine; use an https:// address, or http:// only to 127.0.0.1, ::1 or localhost."
        case .endpointInvalid(let value):
            return
                "The endpoint \"\(VisibleText.quote(value))\" is not an http:// or https:// address with a host; give one like \"https://api.apple-cloudkit.com\"."
        case .containerInvalid(let value):
            return
                "The container \"\(VisibleText.quote(value))\" is not a CloudKit container id; it starts with \"iCloud.\" and holds only letters, digits, dots, dashes and underscores."
        case .bodyNotJSON(let operation, let detail):
            return "The answer to \(operation) is not JSON (\(VisibleText.quote(detail)))."
        case .unexpectedShape(let operation, let detail):
            return "The answer to \(operation) has an unexpected shape: \(VisibleText.quote(detail))."
        }
    }
}
