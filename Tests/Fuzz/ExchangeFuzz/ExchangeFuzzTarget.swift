// libFuzzer target for the frames between serve and a request's child: `.ci/fuzz exchange SECONDS`.
// Not part of the package.
import CloudKitWeb

/// Any bytes, read as a request frame (the child's input) and as a response frame (what serve
/// reads of a child): never a crash, errors only `FrameError`s, and whatever reads writes back to
/// a frame that reads the same again (a frame written from what was read that does not read is a
/// crash too).
@_cdecl("LLVMFuzzerTestOneInput")
public func exchangeFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let (request, connect, whole) = read({ try ExchangeFrame.decodeRequest(bytes) }) {
        guard let written = ExchangeFrame.encode(request, connectTimeout: connect, requestTimeout: whole),
            let again = read({ try ExchangeFrame.decodeRequest(written) })
        else { preconditionFailure("a request read does not write back") }
        precondition(again.request.method == request.method && again.request.url == request.url, "request line")
        precondition(again.request.body == request.body, "request body")
        precondition(again.request.headers.map(\.name) == request.headers.map(\.name), "request headers")
        precondition(again.request.headers.map(\.value) == request.headers.map(\.value), "request headers")
        precondition(again.connectTimeout == connect && again.requestTimeout == whole, "time limits")
    }
    if let outcome = read({ try ExchangeFrame.decodeResponse(bytes) }) {
        guard let again = read({ try ExchangeFrame.decodeResponse(ExchangeFrame.encode(outcome)) }) else {
            preconditionFailure("an answer read does not write back")
        }
        switch (outcome, again) {
        case (.success(let first), .success(let second)):
            precondition(first.status == second.status && first.body == second.body, "response")
            precondition(first.headers.map(\.name) == second.headers.map(\.name), "response headers")
            precondition(first.headers.map(\.value) == second.headers.map(\.value), "response headers")
        case (.failure(let first), .failure(let second)):
            precondition(first == second, "transport error")
        default:
            preconditionFailure("an answer read back as a failure, or the other way")
        }
    }
    return 0
}

/// What `body` reads, or nil for a `FrameError`; any other error is a crash.
private func read<Value>(_ body: () throws -> Value) -> Value? {
    do {
        return try body()
    } catch is FrameError {
        return nil
    } catch {
        preconditionFailure("not a FrameError: \(error)")
    }
}
