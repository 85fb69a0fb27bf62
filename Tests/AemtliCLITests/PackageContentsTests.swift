import AemtliCLI
import Foundation
import XCTest

/// What `.deploy/package` puts in the package and the tarball, looked at from outside as dpkg and
/// tar see them (with AEMTLI_PACKAGE_CHECK=1, see PackageBuild): the binary of the package's own
/// version, Debian's libraries and nothing of Swift's, the units running /usr/bin/aemtli, the
/// manual and completions made from the command table, and the same files in the tarball.
final class PackageContentsTests: XCTestCase {
    var package: URL!
    var files: URL!

    override func setUpWithError() throws {
        package = try PackageBuild.package()
        files = FileManager.default.temporaryDirectory.appendingPathComponent("aemtli-package-\(UUID().uuidString)")
        _ = try PackageBuild.bash(#"dpkg-deb -x "$1" "$2""#, package.path, files.path)
    }

    override func tearDownWithError() throws {
        if let files { try? FileManager.default.removeItem(at: files) }
    }

    func field(_ name: String) throws -> String {
        try PackageBuild.bash(#"dpkg-deb -f "$1" "$2""#, package.path, name).trimmingCharacters(in: .newlines)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: files.appendingPathComponent(path), encoding: .utf8)
    }

    func testThePackagesVersionIsTheBinarysAndTheSources() throws {
        XCTAssertEqual(try field("Version"), AemtliCommand.version)
        XCTAssertEqual(package.lastPathComponent, "aemtli_\(AemtliCommand.version)_\(try field("Architecture")).deb")
        let run = try ChildProcess.run(files.appendingPathComponent("usr/bin/aemtli").path, ["--version"])
        XCTAssertEqual(run.output, AemtliCommand.versionLine + "\n")
    }

    func testItDependsOnDebiansLibrariesAndNothingOfSwift() throws {
        let depends = try field("Depends")
        let names = depends.split(separator: ",").map { $0.split(separator: " ")[0] }
        XCTAssertEqual(Set(names), ["libc6", "libcurl4", "libgcc-s1", "libstdc++6", "procps"], depends)
        XCTAssertFalse(depends.lowercased().contains("swift"), depends)
        let needed = try PackageBuild.bash(#"readelf -d "$1" | grep NEEDED"#, files.path + "/usr/bin/aemtli")
        XCTAssertFalse(needed.lowercased().contains("swift"), needed)
    }

    func testTheUnitsRunUsrBinAemtliAndTheMailUnitIsAnExample() throws {
        for unit in ["aemtli-serve.service", "aemtli.service"] {
            let lines = try text("usr/lib/systemd/user/\(unit)").split(separator: "\n")
            let start = try XCTUnwrap(lines.first { $0.hasPrefix("ExecStart=") }, unit)
            XCTAssertTrue(start.contains("/usr/bin/aemtli "), String(start))
            XCTAssertNil(start.range(of: #"[ ;']aemtli "#, options: .regularExpression), String(start))
            XCTAssertFalse(lines.contains { $0.hasPrefix("Environment=PATH=") }, unit)
            XCTAssertTrue(lines.contains("Documentation=man:aemtli(1)"), unit)
        }
        XCTAssertTrue(
            try text("usr/lib/systemd/user/aemtli-serve.service").contains(
                "\nExecStart=/usr/bin/aemtli serve --listen 0.0.0.0:8080\n"))
        XCTAssertTrue(try text("usr/lib/systemd/user/aemtli.timer").contains("\nOnCalendar=*:0/15\n"))
        let deploy = PackageBuild.repository.appendingPathComponent(".deploy/aemtli-mail@.service")
        XCTAssertEqual(try text("usr/share/doc/aemtli/examples/aemtli-mail@.service"), try String(contentsOf: deploy))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: files.path + "/usr/lib/systemd/user/aemtli-mail@.service"))
    }

    func testItHoldsTheManualTheCompletionsAndTheDocuments() throws {
        let manual = try PackageBuild.bash(#"gzip -dc "$1""#, files.path + "/usr/share/man/man1/aemtli.1.gz")
        for (path, _) in ManPageTests.commands(below: AemtliCommand.root) {
            XCTAssertTrue(manual.contains(".SS \"aemtli \(path.joined(separator: " "))\"\n"), path.joined())
        }
        XCTAssertTrue(
            try text("usr/share/bash-completion/completions/aemtli").hasSuffix("complete -F _aemtli aemtli\n"))
        XCTAssertTrue(try text("usr/share/zsh/vendor-completions/_aemtli").hasPrefix("#compdef aemtli\n"))
        let readme = PackageBuild.repository.appendingPathComponent("README.md")
        XCTAssertEqual(try text("usr/share/doc/aemtli/README.md"), try String(contentsOf: readme))
        XCTAssertTrue(try text("usr/share/doc/aemtli/copyright").contains("No licence is stated"))
    }

    func testTheTarballHoldsTheSameFilesAndTheSumsMatch() throws {
        let machine = try PackageBuild.bash("uname -m").trimmingCharacters(in: .newlines)
        let tarball = "aemtli-\(AemtliCommand.version)-linux-\(machine).tar.gz"
        let said = try PackageBuild.bash(
            #"""
            cd dist
            diff <(dpkg-deb --fsys-tarfile "$1" | tar -t | sed 's|^\./||' | grep -v '/$' | sort) \
                <(tar -tzf "$2" | sed "s|^aemtli-$3/||" | grep -v '/$' | sort)
            sha256sum --check --strict SHA256SUMS
            """#, package.lastPathComponent, tarball, AemtliCommand.version)
        XCTAssertEqual(said, "\(package.lastPathComponent): OK\n\(tarball): OK\n")
    }
}
