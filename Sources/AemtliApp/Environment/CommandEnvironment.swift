import AemtliCore
import AemtliSync
import CloudKitWeb
import Files
import Foundation
import VisibleText

/// Everything a command may take from the world outside its arguments. The real process passes the
/// real ones; tests pass their own, so every command runs in-process and reproducibly.
public struct CommandEnvironment {
    public var variables: [String: String]
    /// The folder relative paths are resolved against.
    public var currentDirectory: URL
    public var standardOutput: TextOutput
    public var standardError: TextOutput
    /// The clock, read only when neither `--now` nor `SOURCE_DATE_EPOCH` says what time it is.
    public var clock: () -> Date
    /// Whether standard output is a terminal (for colour).
    public var outputIsTerminal: Bool
    /// The file system, for everything a command reads and most of what it writes.
    public var files: FileIO
    /// Whether standard error is a terminal (for sync's progress, which goes there).
    public var errorIsTerminal = false
    /// Whether SIGINT and SIGTERM end this process (the real one): a build then cleans up first.
    /// In-process runs in tests leave the signals alone.
    public var handlesInterrupts = false
    /// The one way `aemtli sync` reaches the network; tests pass a transport to their own server.
    public var transport: () -> CloudKitTransport = { URLSessionTransport() }
    /// The program `serve` starts for each CloudKit request, in place of `transport` and an
    /// in-process long poll (`ChildProcessTransport`): the real process on Linux sets it, since its
    /// Foundation keeps a little of every request for the process's life; nil sends them here.
    public var requestChild: String?
    /// The time limits of `serve`'s push long poll (a connection of its own, CLOUDKIT.md §13.3),
    /// in this process or a child: above the webcourier's hold, and a time limit reached only
    /// means "ask again".
    public var pushTimeouts = (connect: 75.0, request: 80.0)
    /// How sync waits between retries; nil: really (tests pass their own and do not wait). Serve's
    /// real wait ends early when it is asked to stop.
    public var sleep: (@Sendable (TimeInterval) -> Void)?
    /// Whether a sync should end at its next retry wait: serve sets it, and it turns true on SIGTERM.
    var syncStopped: @Sendable () -> Bool = { false }
    /// Reads one line without showing it (a pasted sign-in), nil at the end of input.
    public var readSecretLine: () -> String? = HiddenInput.readLine
    /// Whether standard input is a terminal: `serve pin` then asks for the PIN twice, as a person
    /// types it unseen; piped input stays one line.
    public var inputIsTerminal = false
    /// PBKDF2's rounds for a parent's PIN that `serve pin` sets (tests use fewer: a debug build is slow).
    public var pinRounds = ParentPins.standardRounds
    /// Handed the running `aemtli serve`'s control once it listens (tests stop it through it).
    public var serveStarted: (ServeControl) -> Void = { _ in }
    /// The machine's addresses and names, read when `serve` and `serve pair` say where a tablet
    /// opens the site (tests pass fixed ones).
    public var network: () -> MachineNetwork = MachineNetwork.live
    /// Opens an address in the user's browser, where there is one; false when it cannot.
    public var openInBrowser: (String) -> Bool = { _ in false }

    public init(
        variables: [String: String], currentDirectory: URL, standardOutput: TextOutput, standardError: TextOutput,
        clock: @escaping () -> Date, outputIsTerminal: Bool = false, files: FileIO = .local
    ) {
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.clock = clock
        self.outputIsTerminal = outputIsTerminal
        self.files = files
    }

    /// `path` as given, resolved against the current folder when it is relative.
    public func resolve(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return currentDirectory.appendingPathComponent(path)
    }

    /// `path` for the file system, and as the user wrote it for messages.
    public func place(_ path: String) -> FileIO.Place {
        FileIO.Place(path: resolve(path).path, shown: path)
    }

    /// Writes `text` and a line break to standard output.
    public func print(_ text: String) {
        standardOutput.write(text + "\n")
    }

    /// Writes `aemtli: warning: TEXT` (or `notice`) to standard error, with any control character
    /// in it (from a record, a file name, a server) made visible.
    public func diagnose(_ severity: StoreDiagnostic.Severity, _ text: String) {
        standardError.write("\(Program.name): \(severity.rawValue): \(VisibleText.visible(text))\n")
    }
}
