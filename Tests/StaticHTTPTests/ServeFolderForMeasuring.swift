import Foundation
import StaticHTTP
import XCTest

/// Not a test: serves the folder in `STATIC_HTTP_SERVE_DIR` on 127.0.0.1 and the port in
/// `STATIC_HTTP_PORT` until the process is killed, for measuring the server beside others
/// (`serve-compare`). Skipped unless the folder is named.
final class ServeFolderForMeasuring: XCTestCase {
    func testServeTheNamedFolderUntilKilled() throws {
        let environment = ProcessInfo.processInfo.environment
        let folder = environment["STATIC_HTTP_SERVE_DIR"] ?? ""
        try XCTSkipIf(folder.isEmpty, "set STATIC_HTTP_SERVE_DIR (and STATIC_HTTP_PORT) to serve a folder")
        let port = UInt16(environment["STATIC_HTTP_PORT"] ?? "") ?? 8080
        let server = HTTPServer(configuration: ServerConfiguration(port: port, handlers: [SiteFolder(root: folder)]))
        try server.start()
        print("serving \(folder) on http://127.0.0.1:\(server.port)")
        while true { sleep(3600) }
    }
}
