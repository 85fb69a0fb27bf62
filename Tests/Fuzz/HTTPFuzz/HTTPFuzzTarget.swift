// libFuzzer target for the request head parser: `.ci/fuzz http SECONDS`. Not part of the package.
import JSON
import StaticHTTP

/// Any bytes, read as a request head, either parse or fail with an `HTTPError`; a parsed head
/// holds only what the parser promises (a token method, a target of visible bytes starting with
/// `/`, a Host for HTTP/1.1), and its target, read as a site path, either fails with an
/// `HTTPError` or gives segments that cannot leave the folder or name a hidden file. What follows
/// the head is read as a POST body to `/_aemtli/tick`, as `aemtli serve` reads one: the same-origin
/// checks, the device cookie, and the JSON with its fields never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func httpFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = bytes.withUnsafeBytes { RequestHead.length(in: $0, searchingFrom: size / 2) }
    let head: RequestHead
    do {
        head = try RequestHead.parse(bytes)
    } catch let error as HTTPError {
        precondition(!error.description.isEmpty && [400, 404, 431, 505].contains(error.status))
        return 0
    } catch {
        preconditionFailure("not an HTTPError: \(error)")
    }
    precondition(!head.method.isEmpty && !head.method.contains(" "), "method \(head.method)")
    precondition(head.target.hasPrefix("/") && head.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
    precondition(head.minorVersion == 0 || head.host != nil, "HTTP/1.1 without Host")
    precondition(head.contentLength >= 0)
    let headLength = bytes.withUnsafeBytes { RequestHead.length(in: $0) } ?? bytes.count
    let request = ServerRequest(
        method: head.method, path: "/_aemtli/tick", query: nil, headers: head.headers,
        body: Array(bytes[min(headLength, bytes.count)...]), client: "fuzz")
    if let status = SameOriginPost.refusal(request) { precondition([403, 405, 415].contains(status)) }
    _ = SameOriginPost.cookie("aemtli_device", in: request)
    if let body = try? JSONParser.parse(request.body) {
        _ = (body["chore"]?.stringValue, body["member"]?.stringValue, body["done"]?.boolValue, body["pin"]?.stringValue)
    }
    do {
        let path = try SitePath(target: head.target)
        for segment in path.segments {
            precondition(!segment.isEmpty && !segment.hasPrefix("."), "segment \(segment)")
            let forbidden = segment.utf8.contains { $0 == 0x2F || $0 == 0x5C || $0 < 0x20 || $0 == 0x7F }
            precondition(!forbidden, "segment \(segment)")
        }
    } catch is HTTPError {
    } catch {
        preconditionFailure("not an HTTPError: \(error)")
    }
    return 0
}
