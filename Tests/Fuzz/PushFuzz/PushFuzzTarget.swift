// libFuzzer target for push's answers: `.ci/fuzz push SECONDS`. Not part of the package.
import CloudKitWeb
import JSON

/// Any body, as the long poll (at 200, 404 and 503), tokens/create and the subscription calls
/// answer it: never a crash; a frame only from a 200 whose body is an object with a `ck` object;
/// an address only when it is https or loopback http; errors only `CloudKitError`s.
@_cdecl("LLVMFuzzerTestOneInput")
public func pushFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for status in [200, 404, 503] {
        let answer = LongPollAnswer(status: status, body: bytes)
        if case .frame = answer {
            precondition(status == 200, "a frame from HTTP \(status)")
            precondition(
                (try? JSONParser.parse(bytes))?["ck"]?.objectValue != nil, "a frame from a body without a ck object")
        }
        if status == 404 { precondition(answer == .expired, "404 is not an expired address") }
    }
    if let text = String(validating: bytes, as: UTF8.self), let address = try? LongPollAddress(text) {
        let lowered = text.lowercased()
        precondition(lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), "an address of another scheme")
        precondition(!"\(address)".contains("://"), "an address printed")
    }
    guard let body = try? JSONParser.parse(bytes) else { return 0 }
    func expect(_ read: () throws -> Void) {
        do {
            try read()
        } catch is CloudKitError {
        } catch {
            preconditionFailure("not a CloudKitError: \(error)")
        }
    }
    expect { _ = try LongPollAddress(tokenAnswer: body) }
    expect { _ = try SubscriptionList(body: body) }
    _ = SubscriptionModification(answer: body)
    _ = PushFrame(body)
    return 0
}
