import Foundation
import JSON
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A POST to `aemtli serve` on loopback as a page of the site sends it: JSON, with the site's own
/// `Origin` unless told otherwise, and the device cookie when given.
enum LoopbackPost {
    final class Answer: @unchecked Sendable {
        var status = 0
        var body: JSONValue?
        var headers: [String: String] = [:]
    }

    static func send(
        _ path: String, _ body: String, port: UInt16, cookie: String? = nil, origin: String? = nil,
        type: String = "application/json"
    ) throws -> Answer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.setValue(origin ?? "http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin")
        if let cookie { request.setValue("aemtli_device=\(cookie)", forHTTPHeaderField: "Cookie") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        session.dataTask(with: request) { data, response, _ in
            let http = response as? HTTPURLResponse
            answer.status = http?.statusCode ?? 0
            answer.body = data.flatMap { try? JSONParser.parse(Array($0)) }
            for (key, value) in http?.allHeaderFields ?? [:] {
                answer.headers[String(describing: key).lowercased()] = String(describing: value)
            }
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        return answer
    }

}
