import CloudKitTestServer
import CloudKitWeb
import Foundation
import JSON

// `swift run cloudkit-test-server [--port N] [--chores N]`: the tests' CloudKit server on its own,
// with the tests' family, so that a script (`.ci/first-hour`) or a person can follow README against
// it with the real binary. It prints one line, the `cloudkit` object for `aemtli.json`, and serves
// until it is stopped. Besides CloudKit's own paths it answers two of its own, which stand in for
// what a person does elsewhere:
//
//   GET  /_test/sign-in?user=owner|member      the address a browser ends on after signing in
//   POST /_test/chore?recordName=…&title=…     the app on a phone renames a chore (assignedTo=…
//                                              and isDone=0|1 too)

func value(after flag: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag) else { return fallback }
    guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number >= 0 else {
        FileHandle.standardError.write(Data("cloudkit-test-server: \(flag) needs a number.\n".utf8))
        exit(64)
    }
    return number
}

let cloudKit = FakeCloudKit()
cloudKit.seedFamily(chores: value(after: "--chores", default: 3))

@Sendable func text(_ status: Int, _ body: String) -> HTTPTestServer.Reply {
    .respond(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(body.utf8))
}

@Sendable func control(_ request: HTTPTestServer.Request) -> HTTPTestServer.Reply {
    let split = request.target.split(separator: "?", maxSplits: 1)
    let query = split.count > 1 ? FakeCloudKit.parameters(split[1]) : [:]
    switch (request.method, String(split.first ?? "")) {
    case ("GET", "/_test/sign-in"):
        let user = query["user"] == "member" ? FakeCloudKit.member : FakeCloudKit.owner
        let token = cloudKit.signIn(user)
        return text(200, "http://127.0.0.1:8731/aemtli/callback?ckWebAuthToken=" + PercentEncoding.encode(token) + "\n")
    case ("POST", "/_test/chore"):
        guard let name = query["recordName"], let title = query["title"] else {
            return text(400, "recordName and title are needed\n")
        }
        cloudKit.save([
            ServerRecords.chore(
                name, title: title, assignedTo: query["assignedTo"] ?? "m2", isDone: query["isDone"] == "1")
        ])
        return text(200, "saved \(name)\n")
    default:
        return text(404, "no such test path\n")
    }
}

let http = try HTTPTestServer(port: UInt16(value(after: "--port", default: 0))) { request in
    request.target.hasPrefix("/_test/") ? control(request) : cloudKit.handle(request)
}
let settings: JSONValue = .object([
    "apiToken": .string(FakeCloudKit.apiToken), "container": .string(FakeCloudKit.container),
    "environment": .string("development"), "endpoint": .string(http.baseURL),
])
print(String(decoding: settings.serializedBytes(), as: UTF8.self))
fflush(stdout)
while true { sleep(3600) }
