import AemtliCLI
import Foundation
import XCTest

/// The Debian package `.deploy/package` makes, made once per test run for the tests that look into
/// it or install it, and only when asked with AEMTLI_PACKAGE_CHECK=1: a release build, xz and
/// lintian take minutes (the release build goes to .build-package/, so it never waits for this
/// `swift test`'s lock on .build/).
enum PackageBuild {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func requireAsked() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment["AEMTLI_PACKAGE_CHECK"] == "1",
            "AEMTLI_PACKAGE_CHECK=1 makes the package and checks it (minutes; .ci/package-check also needs root)")
    }

    /// The program's path, on the PATH or in the system folders a root's PATH has.
    static func tool(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (folders + ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]).map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs bash with `script` and `arguments` ($1 …) in the repository; fails the test on an error.
    static func bash(
        _ script: String, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line
    )
        throws -> String
    {
        let run = try ChildProcess.run(
            "/bin/bash", ["-euo", "pipefail", "-c", script, "bash"] + arguments, in: repository)
        XCTAssertEqual(run.status, 0, run.errors, file: file, line: line)
        return run.output
    }

    private static let made: Result<URL, Error> = Result {
        let run = try ChildProcess.run("/bin/bash", [repository.appendingPathComponent(".deploy/package").path])
        guard run.status == 0 else {
            let said = run.output.suffix(2000) + run.errors
            throw NSError(domain: ".deploy/package", code: Int(run.status), userInfo: [NSLocalizedDescriptionKey: said])
        }
        let arch = try ChildProcess.run("/usr/bin/dpkg", ["--print-architecture"]).output
        return repository.appendingPathComponent(
            "dist/aemtli_\(AemtliCommand.version)_\(arch.trimmingCharacters(in: .whitespacesAndNewlines)).deb")
    }

    /// The package, made by `.deploy/package` at the first call.
    static func package() throws -> URL {
        try requireAsked()
        for name in ["dpkg-deb", "dpkg-shlibdeps", "swift"] {
            try XCTSkipIf(tool(name) == nil, "\(name) is not on this machine: .deploy/package needs it")
        }
        return try made.get()
    }
}
