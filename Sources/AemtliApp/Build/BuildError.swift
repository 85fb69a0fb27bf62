/// A step of the build that failed: the step's name for the sentence, and what went wrong in it.
public struct BuildError: Error {
    public enum Reason {
        case stepFailed(step: String, error: Error)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The error inside, whose exit code a failed step takes.
    public var underlying: Error {
        switch reason {
        case .stepFailed(_, let error): return error
        }
    }

    public var message: String {
        switch reason {
        case .stepFailed(let step, let error):
            return "the build step '\(step)' failed: \(ErrorSentence.of(error))"
        }
    }
}
