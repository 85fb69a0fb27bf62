import Foundation
import XCTest

/// `.ci/package-check` on the package `.deploy/package` makes: it passes, and it fails when the
/// package lacks the serve unit or libcurl4 among its dependencies (each a package made from the
/// real one with that one thing taken out). Only with AEMTLI_PACKAGE_CHECK=1, as root, with
/// debootstrap and systemd-nspawn: it boots a Debian tree and reaches Debian's mirror.
final class PackageCheckTests: XCTestCase {
    var package: URL!

    override func setUpWithError() throws {
        try PackageBuild.requireAsked()
        try XCTSkipUnless(geteuid() == 0, "only root can run .ci/package-check (debootstrap, systemd-nspawn)")
        for name in ["debootstrap", "systemd-nspawn"] {
            try XCTSkipIf(PackageBuild.tool(name) == nil, "\(name) is not on this machine: .ci/package-check needs it")
        }
        package = try PackageBuild.package()
    }

    func check(_ package: URL) throws -> ChildProcess {
        let script = PackageBuild.repository.appendingPathComponent(".ci/package-check").path
        return try ChildProcess.run("/bin/bash", [script, package.path])
    }

    /// The real package with `edit` run in its unpacked tree (DEBIAN/ and usr/), under its own
    /// file name, which README's apt line names.
    func variant(_ edit: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aemtli-variant-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        _ = try PackageBuild.bash(
            #"""
            mkdir -p "$2"
            dpkg-deb -R "$1" "$2/tree"
            (cd "$2/tree" && eval "$3")
            dpkg-deb --root-owner-group -Zgzip -b "$2/tree" "$2/$(basename "$1")" >/dev/null
            """#, package.path, folder.path, edit)
        return folder.appendingPathComponent(package.lastPathComponent)
    }

    func testThePackageInstallsAndServesOnAFreshDebian() throws {
        let run = try check(package)
        XCTAssertEqual(run.status, 0, run.output.suffix(3000) + run.errors)
        XCTAssertTrue(run.output.contains("\n== package-check: every step held\n"), run.output.suffix(2000) + "")
    }

    func testAPackageWithoutTheServeUnitFails() throws {
        let broken = try variant(
            "rm usr/lib/systemd/user/aemtli-serve.service && sed -i '/aemtli-serve.service/d' DEBIAN/md5sums")
        let run = try check(broken)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(
            run.errors.contains(
                "package-check: FAILED: README's 'systemctl --user enable --now aemtli-serve.service' failed"),
            run.errors)
        XCTAssertTrue(run.output.contains("aemtli-serve.service does not exist"), run.output.suffix(2000) + "")
    }

    func testAPackageWithoutLibcurlAmongItsDependenciesFails() throws {
        let broken = try variant(
            #"sed -i -E 's/libcurl4 \([^)]*\), //' DEBIAN/control && ! grep -q libcurl DEBIAN/control"#)
        let run = try check(broken)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("package-check: FAILED: README's 'aemtli --version' failed"), run.errors)
        XCTAssertTrue(run.output.contains("libcurl.so.4: cannot open shared object file"), run.output.suffix(2000) + "")
    }
}
