/// Runs a build's named steps one after another; a failure says which step it was.
struct BuildSteps {
    func run<Value>(_ name: String, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw BuildError(.stepFailed(step: name, error: error))
        }
    }
}
