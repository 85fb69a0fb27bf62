/// Why bytes are no `ExchangeFrame`. It never quotes them: a request's address holds its tokens.
public struct FrameError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case notAFrame
        case truncated
        case lineTooLong(Int)
        case malformedLine(Int)
        case tooManyHeaders(Int)
        case bodyTooLarge(limit: Int)
        case bytesAfterEnd
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notAFrame: return "the exchange does not start as aemtli's frame of this version"
        case .truncated: return "the exchange ends before its frame does"
        case .lineTooLong(let line):
            return "line \(line) of the exchange is longer than \(ExchangeFrame.lineLimit) bytes"
        case .malformedLine(let line): return "line \(line) of the exchange is not what its frame holds there"
        case .tooManyHeaders(let limit): return "the exchange holds more than \(limit) headers"
        case .bodyTooLarge(let limit): return "the exchange's body is larger than \(limit) bytes"
        case .bytesAfterEnd: return "the exchange goes on after its frame ends"
        }
    }
}
