/// A Swift type that knows its template data, so view structs build values without reflection.
public protocol MustacheRepresentable {
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheRepresentable {
    public var mustacheValue: MustacheValue { self }
}

extension String: MustacheRepresentable {
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Int: MustacheRepresentable {
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Double: MustacheRepresentable {
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Bool: MustacheRepresentable {
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Optional: MustacheRepresentable where Wrapped: MustacheRepresentable {
    public var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}

extension Array: MustacheRepresentable where Element: MustacheRepresentable {
    public var mustacheValue: MustacheValue { .list(map(\.mustacheValue)) }
}

extension Dictionary: MustacheRepresentable where Key == String, Value: MustacheRepresentable {
    public var mustacheValue: MustacheValue { .object(MustacheObject(mapValues(\.mustacheValue))) }
}
