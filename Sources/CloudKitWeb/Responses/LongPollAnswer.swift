import JSON

/// What one answer of push's long poll means (CLOUDKIT.md §13.3). Nothing in it is trusted beyond
/// "something may have changed": only a 200 whose body is a JSON object with a `ck` object is a
/// frame; a 503's JSON body, a proxy's page, any other JSON is no frame, whatever it holds.
public enum LongPollAnswer: Equatable, Sendable {
    /// A notification: sync now.
    case frame(PushFrame)
    /// The hold ended with nothing to say (`null`, or no body): ask again at once.
    case idle
    /// 404: the address is unknown or has expired; a new one is needed.
    case expired
    /// Anything else: the reason, for the serve's log (never the body, which a stranger may shape).
    case unusable(String)

    public init(_ response: HTTPResponse) {
        self.init(status: response.status, body: response.body)
    }

    public init(status: Int, body: [UInt8]) {
        if status == 404 {
            self = .expired
            return
        }
        guard status == 200 else {
            self = .unusable("HTTP \(status)")
            return
        }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            self = .idle
            return
        }
        guard let value = try? JSONParser.parse(body) else {
            self = .unusable("HTTP 200 with a body that is not JSON")
            return
        }
        if value == .null {
            self = .idle
        } else if let frame = PushFrame(value) {
            self = .frame(frame)
        } else {
            self = .unusable("HTTP 200 with JSON that is no notification")
        }
    }
}
