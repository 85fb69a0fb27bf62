import Dispatch

/// Runs a build's named steps one after another, timing each; a failure says which step it was.
struct BuildSteps {
    /// Seconds each step took, and the peak memory so far after it, in order.
    private(set) var timings: [(step: String, seconds: Double, peakMegabytes: Double)] = []

    mutating func run<Value>(_ name: String, _ body: () throws -> Value) throws -> Value {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let value = try body()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            timings.append((name, seconds, BuildTimings.peakResidentMegabytes))
            return value
        } catch {
            throw BuildError(.stepFailed(step: name, error: error))
        }
    }
}
