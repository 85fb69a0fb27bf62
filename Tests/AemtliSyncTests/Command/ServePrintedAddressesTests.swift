import AemtliApp
import AemtliCLI
import Foundation
import XCTest

/// What `aemtli serve` prints when it starts (issue 37, point 2): each address a tablet can open,
/// with the wall's and the dashboard's URL, whether ticks are on, and on loopback that a tablet
/// cannot reach it; and the pairing page's addresses that `aemtli serve pair` prints beside it.
final class ServePrintedAddressesTests: XCTestCase {
    private let harness = SyncHarness()
    private let clock = MovableClock(Date(timeIntervalSince1970: 1_774_429_200))  // 2026-03-25T09:00:00Z

    override func setUpWithError() throws {
        try harness.start()
        harness.seedFamily(chores: 3)
    }

    override func tearDown() {
        harness.tearDown()
    }

    /// A machine with loopback, two IPv4 addresses, a link-local and a global IPv6 address, and
    /// mDNS that answers for its name.
    static let kitchen = MachineNetwork(
        addresses: ["127.0.0.1", "192.168.1.20", "::1", "fe80::1c2a:3bff:fe4d:5e6f", "2001:db8::20", "10.0.0.5"],
        hostName: "kitchen-pi", resolve: { $0 == "kitchen-pi.local" ? ["192.168.1.20"] : [] })

    /// Serves with `extra` flags on `network` (the machine's own when nil) and runs `body` with what
    /// it printed when it started listening, and its port; then stops it.
    private func serving(
        _ extra: [String], network: MachineNetwork? = nil, _ body: (String, UInt16) throws -> Void
    ) throws {
        let result = ResultBox()
        let (control, done) = try ServeRunner.start(harness: harness, clock: clock, extra: extra, result: result) {
            if let network { $0.network = { network } }
        }
        defer {
            control.stop()
            _ = done.wait(timeout: .now() + 10)
        }
        let end = Date().addingTimeInterval(5)
        while !result.stdout.text.contains("Stop with Ctrl-C."), Date() < end { Thread.sleep(forTimeInterval: 0.02) }
        // From "Serving" on: the first build's line comes before it.
        let text = result.stdout.text
        try body(text.range(of: "Serving").map { String(text[$0.lowerBound...]) } ?? text, control.port)
    }

    /// What serve printed when it started.
    private func startLines(_ extra: [String], network: MachineNetwork) throws -> (text: String, port: UInt16) {
        var printed = ("", UInt16(0))
        try serving(extra, network: network) { printed = ($0, $1) }
        return printed
    }

    func testOnAllAddressesItPrintsTheWallAndDashboardAtEachAddressAndNameATabletCanOpen() throws {
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        let (text, port) = try startLines(["--listen", "0.0.0.0:0"], network: Self.kitchen)
        let expected = """
            Serving _site on port \(port); a tablet or phone on this network opens the wall and the dashboard at:
              http://192.168.1.20:\(port)/wall.html and http://192.168.1.20:\(port)/
              http://10.0.0.5:\(port)/wall.html and http://10.0.0.5:\(port)/
              http://kitchen-pi:\(port)/wall.html and http://kitchen-pi:\(port)/
              http://kitchen-pi.local:\(port)/wall.html and http://kitchen-pi.local:\(port)/
            Ticks are on: pair each tablet with 'aemtli serve pair --name NAME' (the page to enter its code is /_aemtli/pair).
            Stop with Ctrl-C.

            """
        XCTAssertTrue(text.hasPrefix(expected), text)
        XCTAssertFalse(text.contains("localhost"), text)
    }

    func testOnIPv6sAnyAddressTheGlobalIPv6AddressIsPrintedTooAndAnUnresolvedLocalNameIsNot() throws {
        var network = Self.kitchen
        network.resolve = { _ in [] }
        let (text, port) = try startLines(["--listen", "[::]:0"], network: network)
        XCTAssertTrue(
            text.contains("  http://[2001:db8::20]:\(port)/wall.html and http://[2001:db8::20]:\(port)/\n"), text)
        XCTAssertFalse(text.contains("fe80"), text)
        XCTAssertFalse(text.contains("kitchen-pi.local"), text)
        XCTAssertTrue(text.contains("Ticks are off: the wall shows no Done buttons"), text)
    }

    func testOnLoopbackItSaysATabletCannotReachIt() throws {
        let (text, port) = try startLines([], network: Self.kitchen)
        XCTAssertTrue(
            text.hasPrefix(
                "Serving _site at http://127.0.0.1:\(port)/ (the wall: http://127.0.0.1:\(port)/wall.html), "
                    + "on this machine only: a tablet cannot reach it; --listen 0.0.0.0:\(port) lets it.\n"), text)
        XCTAssertFalse(text.contains("192.168.1.20"), text)
    }

    /// The machine's real addresses, on a real socket: each address printed answers with the wall.
    func testEachAddressPrintedOnAllAddressesAnswersWithTheWall() throws {
        try serving(["--listen", "0.0.0.0:0"]) { text, port in
            let walls = text.split(separator: "\n").filter { $0.hasPrefix("  http://") }.compactMap {
                $0.split(separator: " ").first.map(String.init)
            }
            // Names go to the network's DNS, which a test cannot count on; the addresses are the machine's.
            let literals = walls.filter { $0.dropFirst("http://".count).first?.isNumber == true }
            guard !literals.isEmpty else { throw XCTSkip("no network address besides loopback here: \(text)") }
            for wall in literals {
                XCTAssertTrue(wall.hasSuffix(":\(port)/wall.html"), wall)
                let page = String(decoding: try Data(contentsOf: XCTUnwrap(URL(string: wall))), as: UTF8.self)
                XCTAssertTrue(page.contains(#"<body class="wall""#), "\(wall): \(page.prefix(200))")
            }
        }
    }

    /// `aemtli serve pair --name Kitchen` run beside the serve, on `network`.
    private func pair(_ network: MachineNetwork? = nil) -> SyncHarness.Run {
        harness.aemtli(["serve", "pair", "--name", "Kitchen"]) { if let network { $0.network = { network } } }
    }

    private func turnTicksOn() throws {
        try Data(#"{"ticks": true}"#.utf8).write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
    }

    func testPairBesideAServeOnAllAddressesPrintsThePairingPageAtEachAndTheCodeLast() throws {
        try turnTicksOn()
        try serving(["--listen", "0.0.0.0:0"], network: Self.kitchen) { _, port in
            let run = pair(Self.kitchen)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertEqual(run.stderr, "")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(
                Array(lines.dropLast()),
                [
                    "On the tablet, open one of these pages and enter the code below within 10 minutes; it pairs the "
                        + "device as \"Kitchen\" and works once:",
                    "  http://192.168.1.20:\(port)/_aemtli/pair", "  http://10.0.0.5:\(port)/_aemtli/pair",
                    "  http://kitchen-pi:\(port)/_aemtli/pair", "  http://kitchen-pi.local:\(port)/_aemtli/pair",
                ], run.stdout)
            let code = try XCTUnwrap(lines.last)
            XCTAssertTrue(code.count == 6 && code.allSatisfy(\.isNumber), run.stdout)
        }
    }

    /// On a real socket: the first address `serve pair` prints opens the pairing page.
    func testThePairingPageAnswersAtTheAddressPairPrints() throws {
        try turnTicksOn()
        try serving(["--listen", "0.0.0.0:0"]) { text, port in
            let run = pair()
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            let urls = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  http://") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let literal = urls.first { $0.dropFirst("http://".count).first?.isNumber == true }
            guard let literal else { throw XCTSkip("no network address besides loopback here: \(run.stdout)") }
            XCTAssertTrue(literal.hasSuffix(":\(port)/_aemtli/pair"), literal)
            let page = String(decoding: try Data(contentsOf: XCTUnwrap(URL(string: literal))), as: UTF8.self)
            XCTAssertTrue(page.contains("<form"), page)
        }
    }

    func testPairBesideAServeOnLoopbackSaysATabletCannotReachItAndGivesThisMachinesPage() throws {
        try turnTicksOn()
        try serving([], network: Self.kitchen) { _, port in
            let run = pair(Self.kitchen)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 4, run.stdout)
            XCTAssertEqual(
                lines.first,
                "aemtli serve (pid \(getpid())) listens on 127.0.0.1 only: a tablet cannot reach it; start it with "
                    + "--listen 0.0.0.0:\(port) for that.")
            XCTAssertEqual(lines.dropFirst(2).first, "  http://127.0.0.1:\(port)/_aemtli/pair")
        }
    }

    func testPairBesideAServeWithTicksOffSaysTheCodeWaitsForTicks() throws {
        try serving(["--listen", "0.0.0.0:0"], network: Self.kitchen) { _, port in
            let run = pair(Self.kitchen)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            XCTAssertTrue(
                run.stdout.hasPrefix(
                    "aemtli serve (pid \(getpid())) runs with ticks off: the code pairs once it is started again with "
                        + "\"ticks\": true in aemtli.json.\n"), run.stdout)
            XCTAssertTrue(run.stdout.contains("  http://192.168.1.20:\(port)/_aemtli/pair\n"), run.stdout)
        }
    }

    func testPairWithoutARunningServeSaysSoAndStillEndsWithTheCode() throws {
        let run = pair(Self.kitchen)
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("No aemtli serve runs for _site here"), run.stdout)
        XCTAssertEqual(run.stdout.split(separator: "\n").last?.count, 6, run.stdout)
    }

    /// README's HTTPS set-up: serve on loopback behind a proxy whose public origin aemtli.json names.
    func testBehindAProxyServeAndPairGiveTheOriginsAddressesAndDoNotSayATabletCannotReachIt() throws {
        try Data(#"{"ticks": true, "origins": ["https://chores.example"]}"#.utf8)
            .write(to: URL(fileURLWithPath: harness.folder + "/aemtli.json"))
        try serving([], network: Self.kitchen) { text, port in
            XCTAssertTrue(
                text.hasPrefix(
                    "Serving _site at http://127.0.0.1:\(port)/ (the wall: http://127.0.0.1:\(port)/wall.html), on this "
                        + "machine only; a tablet or phone opens the wall and the dashboard through aemtli.json's origins:\n"
                        + "  https://chores.example/wall.html and https://chores.example/\n"), text)
            let run = pair(Self.kitchen)
            XCTAssertEqual(run.exitCode, .success, run.stderr)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, run.stdout)
            XCTAssertEqual(lines.dropFirst().first, "  https://chores.example/_aemtli/pair")
        }
    }
}
