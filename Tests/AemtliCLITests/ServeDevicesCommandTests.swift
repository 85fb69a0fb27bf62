import AemtliApp
import AemtliCLI
import Foundation
import XCTest

/// `aemtli serve devices [--revoke NAME]`: the paired devices by name and time, never a secret,
/// and a revoke that holds at the next lookup (a running serve reads the file at each request).
final class ServeDevicesCommandTests: XCTestCase {
    let now = CLIHarness.clockTime

    /// Pairs a device called `name` at `now + seconds` and returns its cookie.
    func pairDevice(_ harness: CLIHarness, _ name: String, after seconds: TimeInterval) throws -> DeviceCookie {
        let run = harness.runTicks("serve", "pair", "--name", name)
        let code = try XCTUnwrap(run.stdout.split(separator: "\n").last.map(String.init))
        return try PairingCode(folder: harness.tickFolder).redeem(code: code, now: now + seconds).get()
    }

    func testDevicesListsEachNameAndPairingTimeInTheFamilysZoneAndNoSecret() throws {
        let harness = try CLIHarness()
        try harness.write("aemtli.json", #"{"timeZone": "Europe/Zurich"}"#)
        let kitchen = try pairDevice(harness, "kitchen", after: 60)
        let hall = try pairDevice(harness, "hall", after: 540)
        let run = harness.runTicks("serve", "devices")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        // clockTime is 2026-11-22T09:00:00Z, a Sunday; Zurich is UTC+1 in November.
        XCTAssertEqual(
            run.stdout,
            "kitchen\tpaired Sunday, 22 November 2026, 10:01\nhall\tpaired Sunday, 22 November 2026, 10:09\n")
        let file = try harness.read("state/aemtli/devices")
        for cookie in [kitchen, hall] {
            XCTAssertFalse(file.contains(cookie.value))
            XCTAssertFalse(run.stdout.contains(cookie.value))
        }
        let hashes = file.split(separator: "\"").filter { $0.count == 43 }
        XCTAssertEqual(hashes.count, 2, "two hashes of 256 bits in base64url")
        for hash in hashes { XCTAssertFalse(run.stdout.contains(hash)) }
    }

    func testRevokeEndsOneDeviceAtTheNextLookup() throws {
        let harness = try CLIHarness()
        let kitchen = try pairDevice(harness, "kitchen", after: 0)
        let hall = try pairDevice(harness, "hall", after: 0)
        let store = DeviceStore(folder: harness.tickFolder)
        XCTAssertEqual(try store.device(forCookie: kitchen.value)?.name, "kitchen")

        let run = harness.runTicks("serve", "devices", "--revoke", "kitchen")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"kitchen\""), run.stdout)
        XCTAssertNil(try store.device(forCookie: kitchen.value))
        XCTAssertEqual(try store.device(forCookie: hall.value)?.name, "hall")
        // TZ is UTC here and no configuration names a zone.
        XCTAssertEqual(harness.runTicks("serve", "devices").stdout, "hall\tpaired Sunday, 22 November 2026, 09:00\n")
    }

    func testRevokingANameNotPairedIsAUsageErrorNamingThePairedOnes() throws {
        let harness = try CLIHarness()
        _ = try pairDevice(harness, "hall", after: 0)
        let run = harness.runTicks("serve", "devices", "--revoke", "kitchen")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(run.stderr.contains("'kitchen' is not a valid value for '--revoke'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("'hall'"), run.stderr)
    }

    func testWithNoDevicePairedDevicesSaysHowToPairOne() throws {
        let harness = try CLIHarness()
        let run = harness.runTicks("serve", "devices")
        XCTAssertEqual(run.exitCode, .success)
        XCTAssertEqual(run.stdout, "No device is paired; 'aemtli serve pair' makes a code for one.\n")
    }

    func testADevicesFileOthersCanReadStopsTheCommandNamingIt() throws {
        let harness = try CLIHarness()
        _ = try pairDevice(harness, "hall", after: 0)
        let path = harness.tickFolder.path + "/devices"
        XCTAssertEqual(chmod(path, 0o640), 0)
        let run = harness.runTicks("serve", "devices")
        XCTAssertEqual(run.exitCode, .configuration)
        XCTAssertTrue(run.stderr.contains(path), run.stderr)
        XCTAssertFalse(run.stdout.contains("hall"))
    }
}
