/// What one render may spend (SPEC §6): bytes written and instructions carried out, so that no
/// template, however hostile (nine nested sections over ten items render 10^9 times), runs
/// without end. The limits come from `MustacheLibrary.outputLimit` and `stepLimit`.
struct MustacheBudget {
    /// Thrown where a render runs over; the innermost section or partial around that place (or
    /// the render itself) turns it into a `MustacheError` with its name and position.
    enum Exceeded: Error {
        case output(limit: Int)
        case steps(limit: Int)

        func reason(inside scope: MustacheError.Scope) -> MustacheError.Reason {
            switch self {
            case .output(let limit): return .outputTooLarge(inside: scope, limit: limit)
            case .steps(let limit): return .tooManySteps(inside: scope, limit: limit)
            }
        }
    }

    private let outputLimit: Int
    private let stepLimit: Int
    private var stepsLeft: Int
    /// The output size past which this render has written too much.
    private var outputEnd: Int

    /// A budget for a render that appends to `outputCount` bytes already written.
    init(outputLimit: Int, stepLimit: Int, outputCount: Int) {
        self.outputLimit = outputLimit
        self.stepLimit = stepLimit
        stepsLeft = stepLimit
        let (end, overflow) = outputCount.addingReportingOverflow(outputLimit)
        outputEnd = overflow ? Int.max : end
    }

    /// Counts one instruction.
    @inline(__always)
    mutating func step() throws {
        stepsLeft &-= 1
        if stepsLeft < 0 { throw Exceeded.steps(limit: stepLimit) }
    }

    /// Checks the output after something was written.
    @inline(__always)
    func check(outputCount: Int) throws {
        if outputCount > outputEnd { throw Exceeded.output(limit: outputLimit) }
    }
}
