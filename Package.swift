// swift-tools-version:5.10
// aemtli: a family's chore records turned into a dashboard, calendar feeds and chore charts.
// No package dependencies: the toolchain (Foundation, Dispatch, XCTest) is all it uses.
import PackageDescription

let package = Package(
    name: "aemtli",
    products: [
        .executable(name: "aemtli", targets: ["aemtli"]),
        .library(name: "AemtliCore", targets: ["AemtliCore"]),
    ],
    targets: [
        // A small, strict JSON reader and writer that reports line and column; knows nothing of chores.
        .target(name: "JSON"),
        // A Mustache template engine (spec v1.4 with inheritance and dynamic names); knows nothing of chores.
        .target(name: "Mustache", dependencies: ["JSON"]),
        // An RFC 5545 writer with VTIMEZONE from the system's zone database; knows nothing of chores.
        .target(name: "ICalendar"),
        // Model, store reading and merging, periods and the demo family. No files, no clock.
        .target(name: "AemtliCore", dependencies: ["JSON"]),
        // Pages, feeds and reports: renderers over the core, the template engine and the calendar writer.
        .target(name: "AemtliSite", dependencies: ["AemtliCore", "ICalendar", "Mustache"]),
        // `swift run embed-files`: Templates/ and Public/ into Sources/AemtliSite/EmbeddedFiles.swift.
        .executableTarget(name: "embed-files"),
        // Argument parsing, commands, settings, diagnostics and exit codes; called in-process by tests.
        .target(name: "AemtliCLI", dependencies: ["AemtliCore", "AemtliSite", "JSON", "Mustache"]),
        .executableTarget(name: "aemtli", dependencies: ["AemtliCLI"]),
        // `swift run -c release mustache-benchmark`: µs per render and MB/s of a dashboard-sized page.
        .executableTarget(name: "mustache-benchmark", dependencies: ["Mustache", "JSON"]),

        // Seeded random mutations of test inputs, for the bounded property tests of the parsers.
        .target(name: "InputMutation", path: "Tests/InputMutation"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "InputMutation"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "JSON", "InputMutation"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"]),
        .testTarget(name: "AemtliCoreTests", dependencies: ["AemtliCore", "JSON", "InputMutation"]),
        .testTarget(name: "AemtliSiteTests", dependencies: ["AemtliSite", "AemtliCore", "ICalendar"]),
        .testTarget(name: "AemtliCLITests", dependencies: ["AemtliCLI", "AemtliCore", "JSON"]),
    ]
)
