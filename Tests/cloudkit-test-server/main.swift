import CloudKitTestServer
import Foundation
import JSON
import StaticHTTP

// `swift run cloudkit-test-server [--port N] [--chores N]`: the tests' CloudKit server on its own,
// with the tests' family and push (CLOUDKIT.md §13: the long poll on a second port the system
// picks), so that a script (`.ci/first-hour`) or a person can follow README against it with the
// real binary. It prints one line, the `cloudkit` object for `aemtli.json`, and serves
// until it is stopped. Besides CloudKit's own paths it answers two of its own, which stand in for
// what a person does elsewhere:
//
//   GET  /_test/sign-in?user=owner|member      the address a browser ends on after signing in
//   POST /_test/chore?recordName=…&title=…     the app on a phone changes a chore: the fields given
//                                              (title, assignedTo, isDone=0|1) over the ones it has

func stop(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("cloudkit-test-server: \(message)\n".utf8))
    exit(code)
}

var options = ["--port": 0, "--chores": 3]
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard options[flag] != nil else { stop("'\(flag)' is not an option; use --port N or --chores N.", code: 64) }
    guard let text = arguments.popFirst(), let number = Int(text), (0...65_535).contains(number) else {
        stop("\(flag) needs a number from 0 to 65535.", code: 64)
    }
    options[flag] = number
}

let cloudKit = FakeCloudKit()
cloudKit.seedFamily(chores: options["--chores", default: 3])
// Push as CLOUDKIT.md §13 has it: a serve pointed here hears of a changed chore within seconds.
cloudKit.pushEnabled = true

@Sendable func text(_ status: Int, _ body: String) -> HTTPTestServer.Reply {
    .respond(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(body.utf8))
}

@Sendable func signIn(_ query: [String: String]) -> HTTPTestServer.Reply {
    let users = ["owner": FakeCloudKit.owner, "member": FakeCloudKit.member]
    guard let user = users[query["user", default: "owner"]] else { return text(400, "user is owner or member\n") }
    return text(200, cloudKit.pastedAddress(signingIn: user) + "\n")
}

/// The chore as it is, with the fields the query gives, saved as the app would save it.
@Sendable func changeChore(_ query: [String: String]) -> HTTPTestServer.Reply {
    guard let name = query["recordName"],
        let live = cloudKit.liveRecords.first(where: { $0["recordName"]?.stringValue == name }),
        var fields = live["fields"]?.objectValue
    else { return text(404, "no chore with that recordName\n") }
    if let title = query["title"] { fields["title"] = ServerRecords.field(.string(title), "STRING") }
    if let member = query["assignedTo"] { fields["assignedTo"] = ServerRecords.field(.string(member), "STRING") }
    if let done = query["isDone"] { fields["isDone"] = ServerRecords.field(.integer(done == "1" ? 1 : 0), "INT64") }
    cloudKit.save([["recordName": .string(name), "recordType": .string("Chore"), "fields": .object(fields)]])
    return text(200, "saved \(name)\n")
}

@Sendable func control(_ request: ServerRequest) -> HTTPTestServer.Reply {
    let query = request.query.map { FakeCloudKit.parameters(Substring($0)) } ?? [:]
    switch (request.path, request.method) {
    case ("/_test/sign-in", "GET"): return signIn(query)
    case ("/_test/chore", "POST"): return changeChore(query)
    case ("/_test/sign-in", _), ("/_test/chore", _): return text(405, "wrong method for this test path\n")
    default: return text(404, "no such test path\n")
    }
}

let http: HTTPTestServer
do {
    http = try HTTPTestServer(port: UInt16(options["--port", default: 0])) { request in
        request.path.hasPrefix("/_test/") ? control(request) : cloudKit.handle(request)
    }
    try cloudKit.startCourier()
} catch {
    stop("cannot listen on 127.0.0.1:\(options["--port", default: 0]); another program may have it.", code: 69)
}
let settings: JSONValue = .object([
    "apiToken": .string(FakeCloudKit.apiToken), "container": .string(FakeCloudKit.container),
    "environment": .string("development"), "endpoint": .string(http.baseURL),
])
print(String(decoding: settings.serializedBytes(), as: UTF8.self))
fflush(stdout)
while true { sleep(3600) }
