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
        return environment
    }
}
