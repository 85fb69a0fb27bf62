// swift-tools-version:5.10
// aemtli: a family's chore records turned into a dashboard, calendar feeds and chore charts.
// No package dependencies: the toolchain (Foundation, Dispatch, XCTest) is all it uses.
import PackageDescription

let package = Package(
    name: "aemtli",
    products: [
        .executable(name: "aemtli", targets: ["aemtli"]),
        .library(name: "AemtliCore", targets: ["AemtliCore"]),
        .library(name: "AemtliSync", targets: ["AemtliSync"]),
    ],
    targets: [
        // A small, strict JSON reader and writer that reports line and column; knows nothing of chores.
        .target(name: "JSON"),
        // Proleptic Gregorian day arithmetic in integers, shared by Core, TZif and ICalendar; knows nothing of chores.
        .target(name: "CivilCalendar"),
        // A Mustache template engine (spec v1.4 with inheritance and dynamic names); knows nothing of chores.
        .target(name: "Mustache", dependencies: ["JSON"]),
        // An RFC 5545 writer with VTIMEZONE from a zone's rules given in its own terms; knows nothing of chores.
        .target(name: "ICalendar", dependencies: ["CivilCalendar"]),
        // A reader of TZif zone files (RFC 9636) and their POSIX TZ footer rules; knows nothing of chores.
        .target(name: "TZif", dependencies: ["CivilCalendar"]),
        // Model, store reading and merging, periods and the demo family. No files, no clock.
        .target(name: "AemtliCore", dependencies: ["JSON", "TZif", "CivilCalendar"]),
        // Pages, feeds and reports: renderers over the core, the template engine and the calendar writer.
        .target(
            name: "AemtliSite", dependencies: ["AemtliCore", "Digest", "ICalendar", "Mustache", "TZif", "VisibleText"]),
        // `swift run embed-files`: Templates/ and Public/ into Sources/AemtliSite/EmbeddedFiles.swift.
        .executableTarget(name: "embed-files", dependencies: ["Files"]),
        // SHA-256, HMAC and PBKDF2 for the page script's hash, serve's ETags and the secrets it keeps, and the one
        // maker of secure random tokens (SecureRandom); knows nothing of chores.
        .target(name: "Digest"),
        // Files on disk: the one seam (FileIO), its primitives, the one atomic write, private files and locks;
        // knows nothing of chores.
        .target(name: "Files"),
        // Outside text made harmless for a terminal: control characters shown as escapes; knows nothing of chores.
        .target(name: "VisibleText"),
        // A program run as a child, its input and output on a socket pair: serve's CloudKit requests, each in a
        // child of its own; knows nothing of chores.
        .target(name: "Processes"),
        // CloudKit Web Services on the wire: requests, responses, the one HTTP seam; knows nothing of chores.
        .target(name: "CloudKitWeb", dependencies: ["JSON", "Processes", "VisibleText"]),
        // `aemtli sync`: sign-in, session, incremental fetch into the store, journal, status (SPEC §8),
        // and the one write to CloudKit, a tick from the wall (SPEC §10).
        .target(
            name: "AemtliSync",
            dependencies: ["CloudKitWeb", "AemtliCore", "Files", "JSON", "StaticHTTP", "VisibleText"]),
        // The application: the household (settings, where the store, output and state live, zone,
        // language) worked out once per version of the configuration, the build as a call on it,
        // serve with its loop and ticks, their files and their errors.
        .target(
            name: "AemtliApp",
            dependencies: [
                "AemtliCore", "AemtliSite", "AemtliSync", "CloudKitWeb", "Digest", "Files", "JSON", "Mustache",
                "StaticHTTP", "TZif", "VisibleText",
            ]),
        // The command line: arguments, thin commands, terminal output and exit codes; called
        // in-process by tests.
        .target(
            name: "AemtliCLI",
            dependencies: [
                "AemtliApp", "AemtliCore", "AemtliSite", "AemtliSync", "CloudKitWeb", "Files", "JSON", "Mustache",
                "VisibleText",
            ]),
        // The program: `main.swift` hands the process's arguments to AemtliCLI.
        .executableTarget(name: "aemtli", dependencies: ["AemtliCLI"]),
        // An HTTP/1.1 server answering through the handlers it is given (a folder's files, an app's paths), with event
        // streams: serve, the sign-in callback, the tests' CloudKit; knows nothing of chores.
        .target(name: "StaticHTTP", dependencies: ["CivilCalendar", "Digest", "JSON"]),
        // `swift run -c release mustache-benchmark`: µs per render and MB/s of a dashboard-sized page
        // (its templates in Fixture/, read from the checkout).
        .executableTarget(
            name: "mustache-benchmark", dependencies: ["Files", "Mustache", "JSON"], exclude: ["Fixture"]),

        // Seeded random mutations of test inputs, for the bounded property tests of the parsers.
        .target(name: "InputMutation", path: "Tests/InputMutation"),
        // Our own CloudKit Web Services on StaticHTTP's server on a loopback port, with injected faults: the sync tests' iCloud.
        .target(
            name: "CloudKitTestServer", dependencies: ["CloudKitWeb", "JSON", "StaticHTTP"],
            path: "Tests/CloudKitTestServer"),
        // `swift run cloudkit-test-server`: that server on its own, for `.ci/first-hour` and a person.
        .executableTarget(
            name: "cloudkit-test-server", dependencies: ["CloudKitTestServer", "JSON", "StaticHTTP"],
            path: "Tests/cloudkit-test-server"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "InputMutation"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "JSON", "InputMutation"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"]),
        .testTarget(name: "TZifTests", dependencies: ["TZif"], resources: [.copy("Zones")]),
        .testTarget(name: "AemtliCoreTests", dependencies: ["AemtliCore", "JSON", "InputMutation"]),
        .testTarget(
            name: "AemtliSiteTests", dependencies: ["AemtliSite", "AemtliCore", "ICalendar", "JSON", "Mustache"]),
        .testTarget(name: "VisibleTextTests", dependencies: ["VisibleText"]),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
        .testTarget(name: "CloudKitWebTests", dependencies: ["CloudKitWeb", "JSON"]),
        .testTarget(
            name: "AemtliSyncTests",
            dependencies: [
                "AemtliSync", "CloudKitWeb", "AemtliCore", "AemtliApp", "AemtliCLI", "AemtliSite", "CloudKitTestServer",
                "Files", "JSON",
            ]),
        .testTarget(
            name: "AemtliCLITests",
            dependencies: ["AemtliApp", "AemtliCLI", "AemtliCore", "AemtliSite", "Files", "JSON"]),
        .testTarget(name: "StaticHTTPTests", dependencies: ["StaticHTTP"]),
        .testTarget(name: "ProcessesTests", dependencies: ["Processes"]),
    ]
)
