import AemtliApp
import AemtliCLI
import Foundation
import XCTest

/// `aemtli serve pair` and the code's redemption (SPEC §10 "Which devices"): six digits, 10 minutes,
/// one use, void after five wrong tries from anyone, kept only as a hash.
final class ServePairCommandTests: XCTestCase {
    let now = CLIHarness.clockTime

    /// Pairs through the command and returns the printed code.
    func pair(_ harness: CLIHarness, _ arguments: String...) throws -> String {
        let run = harness.run(
            ["serve", "pair"] + arguments, variables: ["TZ": "UTC", "XDG_STATE_HOME": harness.stateHome])
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        return try XCTUnwrap(run.stdout.split(separator: "\n").last.map(String.init))
    }

    /// A six-digit code that is not `code`.
    func other(than code: String) -> String {
        let number = (Int(code)! + 1) % 1_000_000
        return String(repeating: "0", count: 6 - String(number).count) + String(number)
    }

    func testPairPrintsSixDigitsAloneOnItsLastLineAndNoFileHoldsThem() throws {
        let harness = try CLIHarness()
        let run = harness.runTicks("serve", "pair", "--name", "kitchen")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "the output ends with a line break")
        let code = String(lines[lines.count - 2])
        XCTAssertEqual(code.count, 6)
        XCTAssertTrue(code.allSatisfy { $0.isASCII && $0.isNumber }, code)
        XCTAssertTrue(run.stdout.contains("\"kitchen\""))
        let texts = try harness.stateFileTexts()
        XCTAssertEqual(texts.keys.sorted(), ["pairing-code", "ticks.lock"])
        for (name, text) in texts { XCTAssertFalse(text.contains(code), "\(name) holds the code") }
    }

    func testTheStateFolderIsTheUsersAloneAndEachFileToo() throws {
        let harness = try CLIHarness()
        let code = try pair(harness, "--name", "kitchen")
        _ = try PairingCode(folder: harness.tickFolder).redeem(code: code, now: now).get()
        XCTAssertEqual(try harness.mode("state/aemtli"), 0o700)
        for name in ["devices", "ticks.lock"] { XCTAssertEqual(try harness.mode("state/aemtli/" + name), 0o600, name) }
    }

    func testACodePairsTheDeviceOnceAndNotTwice() throws {
        let harness = try CLIHarness()
        let code = try pair(harness, "--name", "kitchen")
        let cookie = try PairingCode(folder: harness.tickFolder).redeem(code: code, now: now + 599).get()
        XCTAssertEqual(cookie.device, PairedDevice(name: "kitchen", pairedAt: now + 599))
        // At least 128 random bits, base64url: 22 characters of 6 bits, no padding.
        XCTAssertGreaterThanOrEqual(cookie.value.count, 22)
        XCTAssertTrue(cookie.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        let devices = DeviceStore(folder: harness.tickFolder)
        XCTAssertEqual(try devices.device(forCookie: cookie.value), cookie.device)
        XCTAssertNil(try devices.device(forCookie: cookie.value + "x"))
        XCTAssertFalse(try harness.read("state/aemtli/devices").contains(cookie.value))

        let again = try PairingCode(folder: harness.tickFolder).redeem(code: code, now: now + 600)
        XCTAssertEqual(again.failure, .noCode)
        XCTAssertEqual(try devices.devices().count, 1)
    }

    func testACodeEndsAfterTenMinutes() throws {
        let harness = try CLIHarness()
        let code = try pair(harness)
        let codes = PairingCode(folder: harness.tickFolder)
        XCTAssertEqual(try codes.redeem(code: code, now: now + 600).failure, .expired)
        XCTAssertEqual(try codes.redeem(code: code, now: now + 60).failure, .noCode, "an ended code is gone")
        XCTAssertEqual(try DeviceStore(folder: harness.tickFolder).devices(), [])
    }

    func testFiveWrongTriesFromAnyoneVoidTheCodeEvenForTheRightOne() throws {
        let harness = try CLIHarness()
        let code = try pair(harness, "--name", "kitchen")
        let wrong = other(than: code)
        // A new reader each time: the count is in the file, where a running serve and its threads see it.
        for left in [4, 3, 2, 1] {
            let result = try PairingCode(folder: harness.tickFolder).redeem(code: wrong, now: now + 1)
            XCTAssertEqual(result.failure, .wrong(triesLeft: left))
        }
        XCTAssertEqual(try PairingCode(folder: harness.tickFolder).redeem(code: "", now: now + 2).failure, .voided)
        XCTAssertEqual(try PairingCode(folder: harness.tickFolder).redeem(code: code, now: now + 3).failure, .noCode)
        XCTAssertEqual(try DeviceStore(folder: harness.tickFolder).devices(), [])
    }

    /// Guesses at the same moment (serve's threads, or serve and a command) each count: ten at
    /// once leave four wrong, one voiding and five finding no code, never a sixth try.
    func testGuessesAtOnceCountEachOne() throws {
        let harness = try CLIHarness()
        let code = try pair(harness)
        let folder = harness.tickFolder
        let wrong = other(than: code)
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 10) { _ in
            results.append(try? PairingCode(folder: folder).redeem(code: wrong, now: now).failure)
        }
        let refusals = results.values.compactMap { $0 }
        XCTAssertEqual(refusals.count, 10)
        XCTAssertEqual(refusals.filter { $0 == .noCode }.count, 5)
        XCTAssertEqual(refusals.filter { $0 == .voided }.count, 1)
        XCTAssertEqual(Set(refusals.compactMap { if case .wrong(let left) = $0 { left } else { nil } }), [1, 2, 3, 4])
    }

    func testFourWrongTriesLeaveTheRightCodeWorking() throws {
        let harness = try CLIHarness()
        let code = try pair(harness)
        let codes = PairingCode(folder: harness.tickFolder)
        for _ in 1...4 { _ = try codes.redeem(code: other(than: code), now: now) }
        XCTAssertEqual(try codes.redeem(code: code, now: now).get().device.name, "device 1")
    }

    func testANewCodeReplacesTheOneBefore() throws {
        let harness = try CLIHarness()
        let first = try pair(harness, "--name", "kitchen")
        let second = try pair(harness, "--name", "hall")
        let codes = PairingCode(folder: harness.tickFolder)
        if first != second { XCTAssertEqual(try codes.redeem(code: first, now: now).failure, .wrong(triesLeft: 4)) }
        XCTAssertEqual(try codes.redeem(code: second, now: now).get().device.name, "hall")
    }

    func testUnnamedDevicesAreNumberedAndANameIsNotPairedTwice() throws {
        let harness = try CLIHarness()
        let codes = PairingCode(folder: harness.tickFolder)
        _ = try codes.redeem(code: try pair(harness), now: now).get()
        XCTAssertEqual(try codes.redeem(code: try pair(harness), now: now).get().device.name, "device 2")

        let run = harness.runTicks("serve", "pair", "--name", "device 1")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(run.stderr.contains("'device 1'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("--revoke device 1"), run.stderr)
        XCTAssertEqual(harness.runTicks("serve", "pair", "--name", " x").exitCode, .usage)
        XCTAssertEqual(harness.runTicks("serve", "pair", "--name", "").exitCode, .usage)
    }

    func testAFileOthersCanReadIsRefused() throws {
        let harness = try CLIHarness()
        let code = try pair(harness)
        let path = harness.tickFolder.path + "/pairing-code"
        XCTAssertEqual(chmod(path, 0o644), 0)
        XCTAssertThrowsError(try PairingCode(folder: harness.tickFolder).redeem(code: code, now: now)) { error in
            XCTAssertEqual(error as? TickError, TickError(.readableByOthers(path: path)))
        }
    }

    func testWithoutAStateFolderPairingSaysWhatToSet() throws {
        let harness = try CLIHarness()
        let run = harness.run(["serve", "pair"], variables: ["TZ": "UTC"])
        XCTAssertEqual(run.exitCode, .configuration)
        XCTAssertTrue(run.stderr.contains("XDG_STATE_HOME"), run.stderr)
    }
}

/// Results gathered from several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var gathered: [PairingRefusal?] = []

    func append(_ value: PairingRefusal?) {
        lock.withLock { gathered.append(value) }
    }

    var values: [PairingRefusal?] { lock.withLock { gathered } }
}

extension Result {
    /// The error, or nil on success: for comparing refusals in one line.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
