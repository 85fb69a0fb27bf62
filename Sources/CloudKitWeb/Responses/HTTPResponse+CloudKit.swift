import JSON

extension HTTPResponse {
    /// The header that carries a rotated web auth token; looked up without regard to case.
    public static let rotatedTokenHeader = "X-Apple-CloudKit-Web-Auth-Token"

    /// The new web auth token this response hands out, if any.
    public var rotatedToken: String? {
        guard let value = header(Self.rotatedTokenHeader)?.trimmingSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// `Retry-After` in seconds (the delay form; an HTTP date is not used by CloudKit).
    public var retryAfterHeader: Double? {
        guard let text = header("Retry-After")?.trimmingSpaces, let seconds = Double(text), seconds >= 0,
            seconds.isFinite
        else { return nil }
        return seconds
    }

    /// The body parsed as JSON, or `CloudKitError.bodyNotJSON` naming the operation.
    public func json(for operation: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(body)
        } catch let error as JSONError {
            throw CloudKitError(
                .bodyNotJSON(operation: operation, detail: "\(error) at line \(error.line), column \(error.column)"))
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
