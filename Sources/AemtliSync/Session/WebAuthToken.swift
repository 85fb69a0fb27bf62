/// A CloudKit web auth token. It prints as a placeholder everywhere (descriptions, debug output,
/// mirrors), so that interpolating it into a message or a log cannot leak it; only the request
/// builder and the session file read `secret`.
public struct WebAuthToken: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    let secret: String

    /// nil for empty text or text with spaces or control characters (no token has them).
    public init?(_ text: String) {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            return nil
        }
        secret = text
    }

    public var description: String { "[token]" }
    public var debugDescription: String { "[token]" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
