// libFuzzer target for the frames between serve and a request's child: `.ci/fuzz exchange SECONDS`.
// Not part of the package.
import CloudKitWeb

/// Any bytes, read as a request frame (the child's input) and as a response frame (what serve
/// reads of a child): never a crash, errors only `FrameError`s, and whatever reads writes back to
/// a frame that reads the same again.
@_cdecl("LLVMFuzzerTestOneInput")
public func exchangeFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let (request, connect, whole) = try ExchangeFrame.decodeRequest(bytes)
        let again = try ExchangeFrame.decodeRequest(
            ExchangeFrame.encode(request, connectTimeout: connect, requestTimeout: whole))
        precondition(again.request.method == request.method && again.request.url == request.url, "request line")
        precondition(again.request.body == request.body, "request body")
        precondition(again.request.headers.map(\.name) == request.headers.map(\.name), "request headers")
        precondition(again.request.headers.map(\.value) == request.headers.map(\.value), "request headers")
        precondition(again.connectTimeout == connect && again.requestTimeout == whole, "time limits")
    } catch is FrameError {
    } catch {
        preconditionFailure("not a FrameError: \(error)")
    }
    do {
        let outcome = try ExchangeFrame.decodeResponse(bytes)
        let again = try ExchangeFrame.decodeResponse(ExchangeFrame.encode(outcome))
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
    } catch is FrameError {
    } catch {
        preconditionFailure("not a FrameError: \(error)")
    }
    return 0
}
