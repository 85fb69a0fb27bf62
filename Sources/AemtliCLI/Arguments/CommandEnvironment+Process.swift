import AemtliApp
import Files
import Foundation

extension CommandEnvironment {
    /// The running process's environment, working folder, streams and clock; SIGINT and SIGTERM
    /// end it, so a build cleans up first.
    public static var process: CommandEnvironment {
        var environment = CommandEnvironment(
            variables: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileIO.workingFolder(), isDirectory: true),
            standardOutput: FileHandleOutput(.standardOutput), standardError: FileHandleOutput(.standardError),
            clock: Date.init, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
        environment.handlesInterrupts = true
        environment.errorIsTerminal = isatty(STDERR_FILENO) == 1
        environment.inputIsTerminal = isatty(STDIN_FILENO) == 1
        environment.openInBrowser = BrowserOpener.open
        #if canImport(FoundationNetworking)
        // swift-corelibs-foundation keeps a few hundred bytes of every request: serve, which runs
        // for months, sends each from a child of its own (docs/performance.md). Apple's Foundation
        // does not, and its serve sends them itself. /proc/self/exe is this very program, even
        // after a package upgrade has replaced the file.
        environment.requestChild = "/proc/self/exe"
        #endif
        return environment
    }
}
