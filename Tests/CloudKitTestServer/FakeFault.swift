import Foundation

/// A fault the test server injects into the next request for `operation` (any when nil).
package struct FakeFault {
    package enum Kind {
        /// An error status with a CloudKit error body, and optional retry hints.
        case status(Int, code: String, retryAfterBody: Double? = nil, retryAfterHeader: String? = nil)
        /// The connection closes without an answer.
        case drop
        /// No answer until the client gives up or `seconds` pass: a hung connection.
        case hold(seconds: Double)
        /// `records/modify` applies the write, then the connection closes without an answer.
        case dropAfterApplying
        /// `records/modify` applies the write, then a gateway answers `status` with its own page.
        case gatewayErrorAfterApplying(status: Int)
        /// `records/modify` applies the write, then answers nothing until the client is gone (a
        /// process killed between the write and its answer) or `seconds` pass.
        case holdAfterApplying(seconds: Double)
        /// An answer whose body is not JSON (a proxy's page).
        case notJSON(status: Int)
        /// `changes/zone` answers a per-zone error as for a token the server no longer knows.
        case staleToken
        /// Every session ends; this and later requests get 421.
        case expireSessions
        /// A page that hands back the request's own token with `moreComing: true`.
        case stuckPage
    }

    package var kind: Kind
    package var operation: String?

    /// A stale-token fault waits for a request that carries a token.
    package var needsSyncToken: Bool {
        if case .staleToken = kind { return true }
        return false
    }

    package init(_ kind: Kind, on operation: String? = nil) {
        self.kind = kind
        self.operation = operation
    }
}
