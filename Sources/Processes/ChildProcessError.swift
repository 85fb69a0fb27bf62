/// Why a child process gave no outcome. It names the program, never its input or output.
public struct ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case cannotStart(program: String, detail: String)
        /// A system call around the child failed (`detail` is the system's reason).
        case systemCall(String, detail: String)
        case timedOut
        case stopped
        case tooMuchOutput(limit: Int)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .cannotStart(let program, let detail): return "\(program) could not be started (\(detail))"
        case .systemCall(let call, let detail): return "\(call) failed for a child process (\(detail))"
        case .timedOut: return "the child process took too long and was ended"
        case .stopped: return "the child process was ended: this process is stopping"
        case .tooMuchOutput(let limit): return "the child process wrote more than \(limit) bytes and was ended"
        }
    }
}
