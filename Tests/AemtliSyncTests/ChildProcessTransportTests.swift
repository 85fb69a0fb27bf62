import CloudKitTestServer
import CloudKitWeb
import Foundation
import XCTest

/// Serve's requests on Linux go through a child `aemtli` each (issue 42): every answer and every
/// fault of the test server must come out of it as it comes out of URLSession in this process.
final class ChildProcessTransportTests: XCTestCase {
    private var server: HTTPTestServer!

    /// A body larger than any page of records, with every byte value.
    private static let big = (0..<(8 << 20)).map { UInt8($0 % 251) }

    override func setUpWithError() throws {
        let big = Self.big
        server = try HTTPTestServer { request in
            switch request.path {
            case "/ok":
                return .respond(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
            case "/echo": return .respond(status: 200, headers: [], body: request.body)
            case "/421":
                return .respond(
                    status: 421, headers: [("Content-Type", "application/json")],
                    body: Array(#"{"redirectURL":"https://sign.in/x"}"#.utf8))
            case "/302": return .respond(status: 302, headers: [("Location", "http://127.0.0.1:1/elsewhere")], body: [])
            case "/html":
                return .respond(
                    status: 502, headers: [("Content-Type", "text/html")], body: Array("<h1>Bad gateway</h1>".utf8))
            case "/throttled": return .respond(status: 503, headers: [("Retry-After", "7")], body: [])
            case "/drop": return .drop
            case "/cut": return .cut(status: 200, headers: [], body: Array(repeating: 0x61, count: 1000), sent: 400)
            case "/hold": return .hold(seconds: 3)
            case "/slow":
                return .waiting { _ in
                    Thread.sleep(forTimeInterval: 0.5)
                    return .respond(status: 200, headers: [], body: Array("late".utf8))
                }
            case "/big": return .respond(status: 200, headers: [], body: big)
            default: return .respond(status: 404, headers: [], body: [])
            }
        }
    }

    override func tearDown() {
        server?.stop()
    }

    private func child(connectTimeout: Double = 15, requestTimeout: Double = 60) throws -> ChildProcessTransport {
        ChildProcessTransport(
            executable: try AemtliProcess.binary().path, name: "aemtli", connectTimeout: connectTimeout,
            requestTimeout: requestTimeout)
    }

    /// What a caller can tell of one outcome: the status, the body and the headers a sync reads, or the error.
    private func outcome(_ transport: CloudKitTransport, _ path: String, body: [UInt8]? = nil) -> String {
        let request = HTTPRequest(
            method: body == nil ? .get : .post, url: server.baseURL + path + "?ckWebAuthToken=secret", headers: [],
            body: body)
        do {
            let response = try transport.send(request)
            let headers = ["Content-Type", "Retry-After", "Location"].compactMap { name in
                response.header(name).map { "\(name)=\($0)" }
            }
            return
                "\(response.status) \(headers) \(response.body.count) bytes \(response.body.reduce(0) { ($0 &* 31) &+ Int($1) })"
        } catch {
            return "\(type(of: error)) \(error)"
        }
    }

    func testEveryAnswerAndFaultComesOutOfAChildAsOutOfURLSession() throws {
        let here = URLSessionTransport()
        let there = try child()
        for path in ["/ok", "/421", "/302", "/html", "/throttled", "/drop", "/cut", "/slow", "/big", "/none"] {
            let expected = outcome(here, path)
            XCTAssertEqual(outcome(there, path), expected, path)
            XCTAssertFalse(expected.contains("secret"), path)
        }
        XCTAssertTrue(outcome(there, "/big").hasPrefix("200 [] 8388608 bytes"))
        // The one difference: an address with a line break (none of ours has one) is refused as
        // URLSession refuses an address it cannot read, where URLSession itself sends it as it is.
        XCTAssertEqual(outcome(there, "/ok\n"), "TransportError the request failed (URL error -1000)")
        let body = Array((0...255).map(UInt8.init)) + Array("\nbody 9\n".utf8)
        XCTAssertEqual(outcome(there, "/echo", body: body), outcome(here, "/echo", body: body))
        XCTAssertTrue(outcome(there, "/echo", body: body).hasPrefix("200 [] 264 bytes"))
        // A hung connection ends at the child's own time limit, as it does here.
        let hung = outcome(try child(connectTimeout: 1, requestTimeout: 2), "/hold")
        XCTAssertEqual(hung, outcome(URLSessionTransport(connectTimeout: 1, requestTimeout: 2), "/hold"))
        XCTAssertEqual(hung, "TransportError the request timed out")
    }

    func testAStoppedRequestEndsItsChildWithinASecond() throws {
        let transport = try child()
        let started = Date()
        XCTAssertThrowsError(
            try transport.send(
                HTTPRequest(method: .get, url: server.baseURL + "/hold", headers: [], body: nil),
                until: { Date().timeIntervalSince(started) > 0.3 })
        ) { XCTAssertTrue($0 is TransportError) }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.3)
        XCTAssertEqual(Self.children(), [], "no child is left behind")
    }

    /// The address holds the session token: it crosses the socket pair, never the child's
    /// arguments or environment, which other users of the machine can read.
    func testTheRequestIsInNeitherTheChildsArgumentsNorItsEnvironment() throws {
        #if os(Linux)
        let transport = try child()
        let done = DispatchSemaphore(value: 0)
        let url = server.baseURL + "/hold?ckWebAuthToken=secret-42"
        Thread.detachNewThread {
            _ = try? transport.send(HTTPRequest(method: .get, url: url, headers: [], body: nil), until: { false })
            done.signal()
        }
        var seen: [Int32] = []
        let end = Date().addingTimeInterval(10)
        while seen.isEmpty, Date() < end {
            seen = Self.children()
            Thread.sleep(forTimeInterval: 0.01)
        }
        let pid = try XCTUnwrap(seen.first, "no child was started")
        let arguments = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        XCTAssertEqual(String(decoding: arguments, as: UTF8.self), "aemtli\0--cloudkit-request\0")
        let environment = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
        XCTAssertFalse(String(decoding: environment, as: UTF8.self).contains("secret-42"))
        XCTAssertEqual(done.wait(timeout: .now() + 15), .success)
        #else
        throw XCTSkip("reads /proc")
        #endif
    }

    func testAChildThatFailsIsALostAnswerThatSaysWhy() throws {
        let request = HTTPRequest(method: .get, url: server.baseURL + "/ok", headers: [], body: nil)
        let missing = ChildProcessTransport(executable: "/nonexistent/aemtli", name: "aemtli")
        XCTAssertThrowsError(try missing.send(request)) { error in
            guard case .childFailed(let detail) = (error as? TransportError)?.reason else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(detail.hasPrefix("aemtli could not be started"), detail)
        }
        // A program that writes nothing and exits 0 is no answer either.
        let silent = ChildProcessTransport(executable: "/usr/bin/true", name: "true")
        XCTAssertThrowsError(try silent.send(request)) { error in
            XCTAssertEqual(
                "\(error)", "the request's child process failed: the exchange ends before its frame does")
        }
        // Half an answer, then an exit: the exit is the reason.
        let half = try script("printf 'aemtli-response 1\\nstatus 200\\nbody 9\\n{}'; exit 3")
        XCTAssertThrowsError(try ChildProcessTransport(executable: half, name: "half").send(request)) { error in
            XCTAssertEqual("\(error)", "the request's child process failed: it exited with status 3")
        }
    }

    /// A whole answer counts, however the child ends after writing it.
    func testAWholeAnswerCountsEvenFromAChildKilledAfterWritingIt() throws {
        let request = HTTPRequest(method: .get, url: server.baseURL + "/ok", headers: [], body: nil)
        let killed = try script("printf 'aemtli-response 1\\nstatus 200\\nbody 2\\n{}'; kill -9 $$")
        let response = try ChildProcessTransport(executable: killed, name: "killed").send(request)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, Array("{}".utf8))
    }

    /// A shell script at a temporary path, to stand in for the child.
    private func script(_ body: String) throws -> String {
        let path = NSTemporaryDirectory() + "aemtli-child-\(UUID().uuidString)"
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// This process's children that run as the request child, or have ended and not been reaped
    /// (a zombie, whose arguments are gone); Linux's /proc, none elsewhere.
    static func children() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
            let lines = status.split(separator: "\n")
            guard let parent = lines.first(where: { $0.hasPrefix("PPid:") }),
                Int32(parent.dropFirst(5).trimmingCharacters(in: .whitespaces)) == me
            else { return false }
            if lines.contains(where: { $0.hasPrefix("State:") && $0.contains("Z") }) { return true }
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: arguments, as: UTF8.self).contains("--cloudkit-request")
        }
    }
}
