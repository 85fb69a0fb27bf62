import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `CloudKitTransport` over Foundation's URLSession (FoundationNetworking on Linux).
///
/// An ephemeral session: no cookies, no cache, no credentials kept. URLSession has no separate
/// connect timeout; `connectTimeout` is the request's idle limit (nothing received for that long,
/// the connection phase included) and `requestTimeout` caps the whole exchange. Redirects are not
/// followed: a 3xx comes back as it is (so no answer can send a request, token and all, to an
/// address the endpoint rule of SPEC §8.1 would refuse).
public final class URLSessionTransport: CloudKitTransport, @unchecked Sendable {
    private let session: URLSession

    public init(connectTimeout: TimeInterval = 15, requestTimeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = connectTimeout
        configuration.timeoutIntervalForResource = requestTimeout
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try send(request, until: { false })
    }

    public func send(_ request: HTTPRequest, until stopped: @Sendable () -> Bool) throws -> HTTPResponse {
        guard let url = URL(string: request.url) else { throw TransportError(.other(code: NSURLErrorBadURL)) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }

        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            box.set(Self.outcome(data: data, response: response, error: error))
            done.signal()
        }
        task.resume()
        // Looked at ten times a second: a stop cancels the task, whose handler then says so.
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            if stopped() {
                task.cancel()
                done.wait()
                break
            }
        }
        return try box.get()
    }

    private static func outcome(
        data: Data?, response: URLResponse?, error: Error?
    ) -> Result<HTTPResponse, TransportError> {
        if let error { return .failure(transportError(error)) }
        guard let http = response as? HTTPURLResponse else { return .failure(TransportError(.connectionLost)) }
        var headers: [(name: String, value: String)] = []
        for (name, value) in http.allHeaderFields {
            headers.append((name: "\(name)", value: "\(value)"))
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data ?? Data())))
    }

    /// The URL error as a reason only: Foundation's error would carry the address, token and all.
    private static func transportError(_ error: Error) -> TransportError {
        let code = (error as NSError).code
        switch code {
        case NSURLErrorTimedOut: return TransportError(.timedOut)
        case NSURLErrorNetworkConnectionLost, NSURLErrorBadServerResponse, NSURLErrorZeroByteResource:
            return TransportError(.connectionLost)
        case NSURLErrorCannotConnectToHost, NSURLErrorCannotFindHost, NSURLErrorNotConnectedToInternet,
            NSURLErrorDNSLookupFailed:
            return TransportError(.cannotConnect)
        default: return TransportError(.other(code: code))
        }
    }
}

/// Refuses every redirect, so the 3xx itself is the answer.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// Carries the completion handler's result back to the waiting caller.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<HTTPResponse, TransportError> = .failure(TransportError(.connectionLost))

    func set(_ value: Result<HTTPResponse, TransportError>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() throws -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        return try result.get()
    }
}
