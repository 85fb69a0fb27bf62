import JSON

/// A store that cannot be read at all. Record-level problems are `StoreDiagnostic`s instead.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case invalidJSON(JSONError)
    }

    public var reason: Reason
    public var file: String

    public init(_ reason: Reason, file: String) {
        self.reason = reason
        self.file = file
    }

    public var description: String {
        switch reason {
        case .invalidJSON(let error):
            return
                "\(file):\(error.line):\(error.column): the file is not valid JSON: \(error); fix the file or remove it from the store."
        }
    }
}
