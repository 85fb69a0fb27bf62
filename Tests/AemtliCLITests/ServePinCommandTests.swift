import AemtliApp
import AemtliCLI
import AemtliCore
import Foundation
import XCTest

/// `aemtli serve pin --member SLUG` and checking a PIN from a device (SPEC §10 "Who may tick"): a
/// parent's alone, kept salted and hashed, five wrong ones lock the device's entry for 10 minutes.
/// The store is the demo family: parent-1 is its parent, anna and max its children.
final class ServePinCommandTests: XCTestCase {
    let now = CLIHarness.clockTime
    let parent = FamilyMember(id: DemoFamily.parentID, name: "Parent", role: .parent)

    func testPinRefusesAChildWithoutReadingAPin() throws {
        let harness = try CLIHarness()
        var asked = false
        let run = harness.run(
            ["serve", "pin", "--member", "anna"], variables: ["TZ": "UTC", "XDG_STATE_HOME": harness.stateHome]
        ) { environment in
            environment.readSecretLine = {
                asked = true
                return "1234"
            }
        }
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(run.stderr.contains("the member 'anna' is not a parent"), run.stderr)
        XCTAssertFalse(asked)
        XCTAssertEqual(harness.files(in: "state/aemtli"), [])
    }

    /// A PIN typed unseen on a terminal is asked twice (issue #37): two that differ set nothing,
    /// the same twice sets it; piped input stays one line, and nothing asks for a second.
    func testOnATerminalThePinIsAskedTwiceAndTwoThatDifferSetNothing() throws {
        let harness = try CLIHarness()
        func run(_ typed: [String], terminal: Bool) -> (CLIHarness.Run, read: Int) {
            var lines = typed
            var read = 0
            let run = harness.run(
                ["serve", "pin", "--member", "parent-1"], variables: ["TZ": "UTC", "XDG_STATE_HOME": harness.stateHome]
            ) { environment in
                environment.inputIsTerminal = terminal
                environment.pinRounds = 1_000
                environment.readSecretLine = {
                    read += 1
                    return lines.isEmpty ? nil : lines.removeFirst()
                }
            }
            return (run, read)
        }
        let differ = run(["2468", "2486"], terminal: true)
        XCTAssertEqual(differ.0.exitCode, .usage)
        XCTAssertTrue(
            differ.0.stderr.contains(
                "aemtli: error: the two PINs typed differ, so nothing was set; run 'aemtli serve pin --member parent-1' again and type the same digits twice.\n"
            ), differ.0.stderr)
        XCTAssertFalse(differ.0.stderr.contains("2468") || differ.0.stderr.contains("2486"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.tickFolder.path + "/parent-pins"))

        let same = run(["2468", "2468"], terminal: true)
        XCTAssertEqual(same.0.exitCode, .success, same.0.stderr)
        XCTAssertEqual(same.read, 2)
        XCTAssertTrue(same.0.stdout.contains("Type the same PIN again and press Enter:"), same.0.stdout)
        XCTAssertEqual(
            try ParentPins(folder: harness.tickFolder).check(pin: "2468", member: parent, device: "kitchen", now: now),
            .accepted(memberID: parent.id))

        let piped = run(["1357", "9999"], terminal: false)
        XCTAssertEqual(piped.0.exitCode, .success, piped.0.stderr)
        XCTAssertEqual(piped.read, 1, "a pipe gives one line")
        XCTAssertFalse(piped.0.stdout.contains("again"))
    }

    func testPinNeedsAMemberOfTheFamily() throws {
        let harness = try CLIHarness()
        let run = harness.runTicks("serve", "pin", "--member", "mum", input: "1234")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(run.stderr.contains("no member has the slug 'mum'"), run.stderr)
        XCTAssertEqual(harness.runTicks("serve", "pin", input: "1234").exitCode, .usage)
    }

    func testPinKeepsNoDigitsOfThePinAnywhere() throws {
        let harness = try CLIHarness()
        let run = harness.runTicks("serve", "pin", "--member", "parent-1", input: "48151623")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertFalse(run.stdout.contains("4815") || run.stderr.contains("4815"))
        let texts = try harness.stateFileTexts()
        XCTAssertTrue(texts.keys.contains("parent-pins"))
        for (name, text) in texts { XCTAssertFalse(text.contains("48151623"), name) }
        XCTAssertTrue(texts["parent-pins"]?.contains("\"rounds\": 1000") ?? false, texts["parent-pins"] ?? "")
        XCTAssertEqual(try harness.mode("state/aemtli/parent-pins"), 0o600)
        XCTAssertEqual(try harness.mode("state/aemtli"), 0o700)
    }

    func testAPinThatIsNotFourToEightDigitsIsRefusedSayingWhatIsWrongWithoutRepeatingIt() throws {
        let harness = try CLIHarness()
        let place = "the PIN read from standard input"
        let rule = "a PIN is 4 to 8 of the digits 0-9 and nothing else, so nothing was set."
        // What the line held after its one line ending, and what the error says of it.
        let cases: [(input: String, message: String)] = [
            ("", "\(place) is empty; type 4 to 8 digits (0-9), then Enter."),
            ("123", "\(place) has 3 digits; \(rule)"),
            ("123456789", "\(place) has 9 digits; \(rule)"),
            ("12ab", "\(place) holds a letter; \(rule)"),
            (" 1234", "\(place) holds a space; \(rule)"),
            ("12-34", "\(place) holds a sign that is not a digit; \(rule)"),
            ("１２３４", "\(place) holds a digit other than 0-9 (full-width or of another script); \(rule)"),
            ("٤٨٢١", "\(place) holds a digit other than 0-9 (full-width or of another script); \(rule)"),
            ("4821\u{0}", "\(place) holds an invisible control character; \(rule)"),
            ("4821\r", "\(place) holds a line break; \(rule)"),
            ("4821\n", "\(place) holds a line break; \(rule)"),
        ]
        for (input, message) in cases {
            let run = harness.runTicks("serve", "pin", "--member", "parent-1", input: input)
            XCTAssertEqual(run.exitCode, .usage, input)
            XCTAssertTrue(run.stderr.contains("aemtli: error: \(message)\n"), run.stderr)
            XCTAssertEqual(run.stderr.components(separatedBy: "aemtli: error:").count, 2, "one error: \(run.stderr)")
            if !input.isEmpty { XCTAssertFalse(run.stderr.contains(input), input) }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.tickFolder.path + "/parent-pins"))
    }

    func testAPINIsFourToEightOfTheDigitsZeroToNineAndNothingElse() {
        for pin in ["0000", "4821", "00000000", "98765432"] { XCTAssertTrue(PINRule.isPIN(pin), pin) }
        let notPINs = [
            "", "000", "000000000", "4821\u{0}", "4821\u{0}\u{0}\u{0}\u{0}", "\u{0}4821", "４８２１", "٤٨٢١", "۴۸۲۱",
            "४८२१", "4821 ", "4821\n", "4821\r\n", "48 21", "+4821", "4821a", "4,821", "4\u{301}821",
        ]
        for text in notPINs {
            XCTAssertFalse(PINRule.isPIN(text), text.unicodeScalars.map { "\($0.value)" }.joined(separator: " "))
        }
    }

    func testACheckNeverAcceptsWhatIsNoPINAndCountsItAsWrong() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.runTicks("serve", "pin", "--member", "parent-1", input: "4821").exitCode, .success)
        let pins = ParentPins(folder: harness.tickFolder)
        // PBKDF2 pads a short password with zero bytes (HMAC's key), so these hash as 4821 does.
        for (text, left) in [("4821\u{0}", 4), ("4821\u{0}\u{0}\u{0}\u{0}", 3), ("٤٨٢١", 2), ("４８２１", 1)] {
            XCTAssertEqual(
                try pins.check(pin: text, member: parent, device: "kitchen", now: now), .wrong(triesLeft: left),
                text.unicodeScalars.map { "\($0.value)" }.joined(separator: " "))
        }
        XCTAssertEqual(
            try pins.check(pin: "4821", member: parent, device: "kitchen", now: now), .accepted(memberID: parent.id))
    }

    func testTheRightPinIsAcceptedAndAWrongOneCounted() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.runTicks("serve", "pin", "--member", "parent-1", input: "2468").exitCode, .success)
        let pins = ParentPins(folder: harness.tickFolder)
        XCTAssertEqual(
            try pins.check(pin: "2468", member: parent, device: "kitchen", now: now), .accepted(memberID: parent.id))
        XCTAssertEqual(try pins.check(pin: "2469", member: parent, device: "kitchen", now: now), .wrong(triesLeft: 4))
        XCTAssertEqual(try pins.check(pin: "24680", member: parent, device: "kitchen", now: now), .wrong(triesLeft: 3))
        // A right PIN clears the device's count.
        _ = try pins.check(pin: "2468", member: parent, device: "kitchen", now: now)
        XCTAssertEqual(try pins.check(pin: "0000", member: parent, device: "kitchen", now: now), .wrong(triesLeft: 4))
    }

    func testANewPinReplacesTheOldOneForTheNextCheck() throws {
        let harness = try CLIHarness()
        let pins = ParentPins(folder: harness.tickFolder)
        XCTAssertEqual(harness.runTicks("serve", "pin", "--member", "parent-1", input: "2468").exitCode, .success)
        XCTAssertEqual(
            try pins.check(pin: "2468", member: parent, device: "hall", now: now), .accepted(memberID: parent.id))
        XCTAssertEqual(harness.runTicks("serve", "pin", "--member", "parent-1", input: "1357").exitCode, .success)
        XCTAssertEqual(try pins.check(pin: "2468", member: parent, device: "hall", now: now), .wrong(triesLeft: 4))
        XCTAssertEqual(
            try pins.check(pin: "1357", member: parent, device: "hall", now: now), .accepted(memberID: parent.id))
    }

    func testFiveWrongPinsLockTheDevicesEntryForTenMinutes() throws {
        let harness = try CLIHarness()
        XCTAssertEqual(harness.runTicks("serve", "pin", "--member", "parent-1", input: "2468").exitCode, .success)
        for left in [4, 3, 2, 1] {
            let pins = ParentPins(folder: harness.tickFolder)
            XCTAssertEqual(
                try pins.check(pin: "1111", member: parent, device: "kitchen", now: now), .wrong(triesLeft: left))
        }
        let pins = ParentPins(folder: harness.tickFolder)
        let until = now + 600
        XCTAssertEqual(try pins.check(pin: "1111", member: parent, device: "kitchen", now: now), .locked(until: until))
        XCTAssertEqual(
            try pins.check(pin: "2468", member: parent, device: "kitchen", now: now + 599), .locked(until: until),
            "even the right PIN, while locked")
        XCTAssertEqual(
            try pins.check(pin: "2468", member: parent, device: "hall", now: now + 1), .accepted(memberID: parent.id),
            "another device is not locked")
        XCTAssertEqual(
            try pins.check(pin: "2468", member: parent, device: "kitchen", now: now + 600),
            .accepted(memberID: parent.id))
    }

    func testOnlyAParentsPinCountsAndNoPinIsNoGuess() throws {
        let harness = try CLIHarness()
        let pins = ParentPins(folder: harness.tickFolder)
        XCTAssertEqual(try pins.check(pin: "2468", member: parent, device: "kitchen", now: now), .noPIN)
        XCTAssertEqual(harness.runTicks("serve", "pin", "--member", "parent-1", input: "2468").exitCode, .success)
        // The same member, become a child since the PIN was set: the PIN no longer counts.
        var demoted = parent
        demoted.role = .child
        XCTAssertEqual(try pins.check(pin: "2468", member: demoted, device: "kitchen", now: now), .noPIN)
        let anna = FamilyMember(id: DemoFamily.annaID, name: "Anna", role: .parent)
        XCTAssertEqual(
            try pins.check(pin: "2468", parents: [anna, parent], device: "kitchen", now: now),
            .accepted(memberID: parent.id))
        XCTAssertEqual(
            try pins.check(pin: "2469", parents: [anna, parent], device: "kitchen", now: now), .wrong(triesLeft: 4))
    }
}
