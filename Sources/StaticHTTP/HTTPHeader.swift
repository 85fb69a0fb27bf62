/// One header field: the name as written (compared without case) and the value without the
/// whitespace around it.
public struct HTTPHeader: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
