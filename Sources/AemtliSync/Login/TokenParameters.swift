import CloudKitWeb
import Foundation

/// Finds the web auth token in what the sign-in hands back: the callback's request target, the
/// address the browser ended on, or a bare pasted token. `ckWebAuthToken` (Apple's text) and
/// `ckSession` (what the server sends) are both accepted.
public enum TokenParameters {
    static let names = ["ckWebAuthToken", "ckSession"]

    /// The token in a query string (or a whole address or request target holding one).
    public static func token(inAddress text: Substring) -> WebAuthToken? {
        var rest = text
        if let question = rest.firstIndex(of: "?") { rest = rest[rest.index(after: question)...] }
        if let hash = rest.firstIndex(of: "#") {
            // The fragment may hold the parameters instead of the query.
            let before = rest[..<hash], after = rest[rest.index(after: hash)...]
            return token(inQuery: before) ?? token(inQuery: after)
        }
        return token(inQuery: rest)
    }

    private static func token(inQuery query: Substring) -> WebAuthToken? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, names.contains(String(parts[0])), let value = PercentEncoding.decode(parts[1])
            else { continue }
            if let token = WebAuthToken(value) { return token }
        }
        return nil
    }

    /// `sync login --paste` input: the whole address the browser ended on, or the bare token.
    public static func pasted(_ text: String) throws -> WebAuthToken {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.contains("://") || trimmed.hasPrefix("/") || names.contains(where: { trimmed.contains($0 + "=") }) {
            guard let token = token(inAddress: Substring(trimmed)) else { throw SyncError(.pastedTokenInvalid) }
            return token
        }
        guard let token = WebAuthToken(trimmed) else { throw SyncError(.pastedTokenInvalid) }
        return token
    }
}
