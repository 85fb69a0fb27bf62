import JSON

/// Where push's long poll asks (CLOUDKIT.md §13.1, `webcourierURL` of a `tokens/create` answer).
/// Whoever holds it hears of the family's changes, so it is a secret like the session token: it
/// prints as a placeholder everywhere, and only the long poll and the file that keeps it read
/// `secretURL`. Like the endpoint, it must be `https://`, or `http://` to this machine only.
public struct LongPollAddress: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public let secretURL: String
    /// The address's lifetime in seconds, from its `ttl` parameter; nil when it names none.
    public let ttl: Double?

    /// Checks `text` as an address the long poll may ask; the error never quotes it.
    public init(_ text: String) throws {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? parts[1] : ""
        let refused = CloudKitError(
            .unexpectedShape(
                operation: "tokens/create",
                detail: "the webcourierURL is not an https:// address (or http:// to this machine)"))
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }), !query.contains("#"),
            let base = parts.first, (try? Endpoint(String(base))) != nil
        else { throw refused }
        secretURL = text
        var seconds: Double?
        for pair in query.split(separator: "&") where pair.hasPrefix("ttl=") {
            let value = pair.dropFirst(4)
            if !value.isEmpty, value.count <= 9, value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                seconds = Double(value)
            }
        }
        ttl = seconds
    }

    /// The address in a `tokens/create` (or `tokens/register`) answer.
    public init(tokenAnswer body: JSONValue) throws {
        guard let text = body["webcourierURL"]?.stringValue, !text.isEmpty else {
            throw CloudKitError(.unexpectedShape(operation: "tokens/create", detail: "no webcourierURL"))
        }
        try self.init(text)
    }

    /// The long poll's request: a bare `GET` of the address as given, without headers, as Apple's
    /// web client sends it (CLOUDKIT.md §13.3).
    public var request: HTTPRequest {
        HTTPRequest(method: .get, url: secretURL, headers: [], body: nil)
    }

    public var description: String { "[long-poll address]" }
    public var debugDescription: String { "[long-poll address]" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
