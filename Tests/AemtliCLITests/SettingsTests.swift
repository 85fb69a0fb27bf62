import Foundation
import XCTest

@testable import AemtliApp
@testable import AemtliCLI

/// SPEC §3 and §7: where now, the zone and the other settings come from, in order of precedence.
final class SettingsTests: XCTestCase {
    func resolve(_ arguments: [String], config: String? = nil, variables: [String: String] = [:]) throws -> Settings {
        let harness = try CLIHarness()
        if let config { try harness.write("aemtli.json", config) }
        let parsed = try ArgumentParser(command: CheckCommand.spec, path: ["check"]).parse(arguments)
        let environment = CommandEnvironment(
            variables: variables, currentDirectory: harness.directory, standardOutput: BufferOutput(),
            standardError: BufferOutput(), clock: { CLIHarness.clockTime })
        let invocation = Invocation(arguments: parsed, environment: environment, path: ["check"])
        return try invocation.settings()
    }

    func testNowWithAnOffsetIsThatInstant() throws {
        let settings = try resolve(["--now", "2026-03-29T08:00:00+02:00"])
        XCTAssertEqual(settings.now, Date(timeIntervalSince1970: 1_774_764_000))
    }

    func testADateMeansMidnightInTheFamilysZone() throws {
        let settings = try resolve(["--now", "2026-03-29", "--time-zone", "Pacific/Chatham"])
        // 2026-03-29 00:00 in Chatham (+13:45 until April) is 2026-03-28T10:15:00Z.
        XCTAssertEqual(settings.now, Date(timeIntervalSince1970: 1_774_692_900))
    }

    func testSourceDateEpochStandsInForTheClock() throws {
        XCTAssertEqual(
            try resolve([], variables: ["SOURCE_DATE_EPOCH": "1700000000"]).now,
            Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(
            try resolve(["--now", "2026-01-01T00:00:00Z"], variables: ["SOURCE_DATE_EPOCH": "1700000000"]).now,
            Date(timeIntervalSince1970: 1_767_225_600))
        XCTAssertEqual(try resolve([]).now, CLIHarness.clockTime)
    }

    func testTimeZoneComesFromTheFlagThenConfigThenTZ() throws {
        let config = #"{"timeZone": "Asia/Kolkata"}"#
        XCTAssertEqual(
            try resolve(["--time-zone", "Europe/Zurich"], config: config, variables: ["TZ": "UTC"]).timeZone.identifier,
            "Europe/Zurich")
        XCTAssertEqual(try resolve([], config: config, variables: ["TZ": "UTC"]).timeZone.identifier, "Asia/Kolkata")
        XCTAssertEqual(try resolve([], variables: ["TZ": "America/New_York"]).timeZone.identifier, "America/New_York")
        XCTAssertEqual(try resolve([], variables: ["TZ": ":Australia/Sydney"]).timeZone.identifier, "Australia/Sydney")
    }

    func testReadsEveryConfigurationSetting() throws {
        let settings = try resolve(
            [],
            config: """
                {"title": "Familie Meier", "language": "de", "baseURL": "https://example.org/chores", "weekStart": "sunday",
                 "dueSoonDays": 5, "eventMinutes": 15, "reminderMinutes": 10, "refreshMinutes": 5, "privateFeeds": true}
                """)
        XCTAssertEqual(settings.title, "Familie Meier")
        XCTAssertEqual(settings.language, .de)
        XCTAssertEqual(settings.baseURL, "https://example.org/chores")
        XCTAssertEqual(settings.weekStart, .sunday)
        XCTAssertEqual(settings.time.weekStart, .sunday)
        XCTAssertEqual(settings.dueSoonDays, 5)
        XCTAssertEqual(settings.eventMinutes, 15)
        XCTAssertEqual(settings.reminderMinutes, 10)
        XCTAssertEqual(settings.privateFeeds, true)
        XCTAssertEqual(settings.refreshMinutes, 5)
    }

    func testDefaultsFollowTheSpec() throws {
        let settings = try resolve([])
        XCTAssertEqual(settings.language, .en)
        XCTAssertEqual(settings.weekStart, .monday)
        XCTAssertEqual(settings.dueSoonDays, 3)
        XCTAssertEqual(settings.eventMinutes, 30)
    }

    func testErrorMessages() throws {
        let cases: [([String], String?, [String: String], String, ExitCode)] = [
            (
                [], nil, ["SOURCE_DATE_EPOCH": "soon"],
                #"SOURCE_DATE_EPOCH: "soon" is not a whole number of seconds since 1970; unset it or fix it."#,
                .dataError
            ),
            (
                [], nil, ["SOURCE_DATE_EPOCH": "9223372036854775807"],
                #"SOURCE_DATE_EPOCH: "9223372036854775807" lies outside the years 1900 to 2999; unset it or fix it."#,
                .dataError
            ),
            (
                [], #"{"timeZone": "Nowhere"}"#, [:],
                #"configuration "timeZone": "Nowhere" is not a known time zone; use an IANA name such as "Europe/Zurich"."#,
                .dataError
            ),
            (
                [], #"{"dueSoonDays": "three"}"#, [:],
                #"aemtli.json: "dueSoonDays" should be a whole number from 0 to 365, but is "three"."#, .dataError
            ),
            (
                [], #"{"language": "es"}"#, [:],
                #"aemtli.json: "language" should be one of en, de, fr, it, but is "es"."#, .dataError
            ),
            (
                [], #"{"language": "italiano"}"#, [:],
                #"aemtli.json: "language" should be one of en, de, fr, it, but is "italiano"; did you mean "it"?"#,
                .dataError
            ),
            (
                [], #"{"privateFeeds": "yes"}"#, [:],
                #"aemtli.json: "privateFeeds" should be true or false, but is "yes"."#, .dataError
            ),
            (
                [], #"["timeZone"]"#, [:],
                #"aemtli.json: the configuration should be a JSON object of settings, like {"timeZone": "Europe/Zurich"}."#,
                .dataError
            ),
            (
                [], "{\n\"title\": \"x\"\n\"language\": \"de\"}", [:],
                "aemtli.json:3:1: the configuration is not valid JSON: expected ',' or '}' after an object member but found '\"'; fix the file.",
                .dataError
            ),
        ]
        for (arguments, config, variables, message, code) in cases {
            XCTAssertThrowsError(try resolve(arguments, config: config, variables: variables), message) { error in
                let described = AemtliCommand.describe(error, path: ["check"])
                XCTAssertEqual(described.message, message)
                XCTAssertEqual(described.code, code, message)
            }
        }
    }

    func testAFlagsBadValueIsOneSentenceWithTheValueTheOptionAndWhatToWrite() throws {
        let cases: [([String], String)] = [
            (
                ["--time-zone", "Europe/Zurch"],
                "'Europe/Zurch' is not a valid value for '--time-zone'; write an IANA zone name such as Europe/Zurich (did you mean 'Europe/Zurich'?)."
            ),
            (
                ["--time-zone", "Mars/Olympus"],
                "'Mars/Olympus' is not a valid value for '--time-zone'; write an IANA zone name such as Europe/Zurich."
            ),
            (
                ["--now", "tomorrow"],
                "'tomorrow' is not a valid value for '--now'; write a date-time like 2026-03-29T08:00:00+02:00, a local time like 2026-03-29T08:00, or a date like 2026-03-29."
            ),
            (
                ["--now", "9999-01-01"],
                "'9999-01-01' is not a valid value for '--now'; write a time between the years 1900 and 2999."
            ),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try resolve(arguments), message) { error in
                let described = AemtliCommand.describe(error, path: ["check"])
                XCTAssertEqual(described.message, message)
                XCTAssertEqual(described.code, .usage, message)
            }
        }
    }

    func testNowWithoutAnOffsetIsThatWallClockTimeInTheFamilysZone() throws {
        // 10:00 in Zurich in November (+01:00) is 09:00 UTC.
        XCTAssertEqual(
            try resolve(["--now", "2026-11-18T10:00", "--time-zone", "Europe/Zurich"]).now,
            Date(timeIntervalSince1970: 1_794_992_400))
        // 02:30 on 2026-03-29 does not exist in Zurich (02:00 -> 03:00): forward by the gap, 03:30 CEST = 01:30 UTC.
        XCTAssertEqual(
            try resolve(["--now", "2026-03-29T02:30:00", "--time-zone", "Europe/Zurich"]).now,
            Date(timeIntervalSince1970: 1_774_747_800))
    }

    func testBuildWritesTheFolderAndReadsTheStoreTheConfigurationNames() throws {
        let harness = try CLIHarness()
        try harness.write(
            "aemtli.json", #"{"out": "public/wall", "store": "family.json", "timeZone": "Europe/Zurich"}"#)
        try harness.write(
            "family.json",
            #"{"members": [{"id": "M1", "name": "Anna", "role": "child"}], "chores": [{"id": "C1", "title": "Blumen giessen", "assignedTo": "M1", "dueDate": "2026-03-26T18:00:00+01:00", "isDone": false, "recurrence": "once", "createdAt": "2026-03-01T00:00:00Z"}]}"#
        )
        let run = harness.run("build", "--now", "2026-03-25T10:00:00+01:00")
        XCTAssertEqual(run.exitCode, .success, run.stderr)
        XCTAssertEqual(run.stderr, "", "no demo notice: the configured store is read")
        XCTAssertTrue(run.stdout.hasPrefix("Built public/wall: "), run.stdout)
        XCTAssertTrue(try harness.read("public/wall/feeds/anna.ics").contains("SUMMARY:Blumen giessen\r\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.directory.appendingPathComponent("_site").path))
        // Flags win over the file.
        let flagged = harness.run("build", "--now", "2026-03-25T10:00:00+01:00", "--out", "elsewhere")
        XCTAssertTrue(flagged.stdout.hasPrefix("Built elsewhere: "), flagged.stdout)
    }

    func testAConfiguredStoreThatIsNotThereIsAnErrorNotTheDemo() throws {
        let harness = try CLIHarness()
        try harness.write("aemtli.json", #"{"store": "famly"}"#)
        let run = harness.run("check", "--now", "2026-11-22")
        XCTAssertEqual(run.exitCode, .noInput)
        XCTAssertTrue(run.stderr.hasPrefix(#"aemtli: error: the store "famly" does not exist"#), run.stderr)
    }

    func testWarnsAboutUnknownConfigurationKeysMoreThanOneEditFromAKnownOne() throws {
        let harness = try CLIHarness()
        try harness.write("aemtli.json", #"{"refreshMins": 10, "colour": "red"}"#)
        let run = harness.run("check", "--now", "2026-11-22")
        XCTAssertEqual(run.exitCode, .success)
        // Three edits from "refreshMinutes" gets the key it is near; anything else the list of known keys.
        XCTAssertTrue(
            run.stderr.contains(
                #"aemtli: warning: aemtli.json: "colour" is not a setting aemtli knows; it is ignored (known: title, timeZone, language, baseURL, weekStart, dueSoonDays, eventMinutes, reminderMinutes, refreshMinutes, privateFeeds, staleAfterMinutes, syncEverySeconds, serveHostNames, ticks, origins, out, store, cloudkit)."#
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                #"aemtli: warning: aemtli.json: "refreshMins" is not a setting aemtli knows; it is ignored. Did you mean "refreshMinutes"?"#
            ), run.stderr)
    }

    /// SPEC §7: a key one edit from a known one (a case, a letter, two neighbours swapped) is a
    /// slip whose setting would be lost without a word ("timezone": every time an hour off), so
    /// the configuration does not read, for every command that reads it.
    func testAKeyOneEditFromAKnownOneStopsBuildAndCheckWithExitSeventyEight() throws {
        let slips = [
            ("timezone", "timeZone"), ("tiemZone", "timeZone"), ("dueSoonDay", "dueSoonDays"), ("lnaguage", "language"),
            ("cloudkit.contianer", "cloudkit.container"),
        ]
        for (slip, meant) in slips {
            let harness = try CLIHarness()
            let parts = slip.split(separator: ".").map(String.init)
            let json =
                parts.count == 2
                ? #"{"title": "Familie Test", "\#(parts[0])": {"\#(parts[1])": "x"}}"#
                : #"{"title": "Familie Test", "\#(slip)": "Europe/Zurich"}"#
            try harness.write("aemtli.json", json)
            let sentence =
                #"aemtli: error: aemtli.json: "\#(slip)" is not a setting aemtli knows but looks like a slip for "\#(meant)", so the file is not used; spell it "\#(meant)"."#
                + "\n"
            for arguments in [["check", "--now", "2026-11-22"], ["build", "--now", "2026-11-22", "--out", "site"]] {
                let run = harness.run(arguments)
                XCTAssertEqual(run.exitCode, .configuration, "\(slip) \(arguments)")
                XCTAssertEqual(run.stderr, sentence, "\(slip) \(arguments)")
                XCTAssertEqual(run.stdout, "", "\(slip) \(arguments)")
            }
            XCTAssertEqual(harness.files(in: "site"), [], "a build that stops writes nothing")
        }
    }

    func testAMissingConfigFileExitsWithSixtySix() throws {
        let run = try CLIHarness().run("check", "--config", "nope.json")
        XCTAssertEqual(run.exitCode, .noInput)
        XCTAssertEqual(run.stderr, "aemtli: error: the configuration file \"nope.json\" does not exist.\n")
    }

    func testAnUnknownZoneFlagIsAUsageError() throws {
        let run = try CLIHarness().run("check", "--time-zone", "Europe/Zurch")
        XCTAssertEqual(run.exitCode, .usage)
        XCTAssertTrue(run.stderr.contains("Usage: aemtli check"))
    }
}
