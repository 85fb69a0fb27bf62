import JSON

/// CloudKit's error dictionary, for a whole request or one zone or record:
/// `{serverErrorCode, reason, uuid, retryAfter, redirectURL}`.
public struct ServerErrorBody: Equatable, Sendable {
    public var serverErrorCode: String
    public var reason: String?
    public var uuid: String?
    /// Seconds to wait before trying again, when the server says.
    public var retryAfter: Double?
    /// Where to sign in (with `AUTHENTICATION_REQUIRED`).
    public var redirectURL: String?

    public init(
        serverErrorCode: String, reason: String? = nil, uuid: String? = nil, retryAfter: Double? = nil,
        redirectURL: String? = nil
    ) {
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.uuid = uuid
        self.retryAfter = retryAfter
        self.redirectURL = redirectURL
    }

    /// nil unless `value` is an object with a string `serverErrorCode`.
    public init?(_ value: JSONValue) {
        guard let code = value["serverErrorCode"]?.stringValue else { return nil }
        self.init(
            serverErrorCode: code, reason: value["reason"]?.stringValue, uuid: value["uuid"]?.stringValue,
            retryAfter: Self.seconds(value["retryAfter"]), redirectURL: value["redirectURL"]?.stringValue)
    }

    /// The error of a whole response: its body's error dictionary, if it is JSON and has one.
    public init?(response: HTTPResponse) {
        guard let value = try? JSONParser.parse(response.body) else { return nil }
        self.init(value)
    }

    private static func seconds(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let number)?: return number >= 0 ? Double(number) : nil
        case .double(let number)?: return number >= 0 && number.isFinite ? number : nil
        case .string(let text)?: return Double(text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        default: return nil
        }
    }
}
