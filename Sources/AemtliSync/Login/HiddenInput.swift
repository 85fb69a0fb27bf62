import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one line from standard input without echoing it when that is a terminal, for
/// `sync login --paste` (the token must not stay on the screen or in a scrollback).
public enum HiddenInput {
    /// The line without its line break; nil at the end of input.
    public static func readLine() -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine() }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Ctrl-C or a kill while the echo is off must not leave the terminal silent.
        savedTerminal = saved
        let previous = (signal(SIGINT, restoreTerminal), signal(SIGTERM, restoreTerminal))
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            signal(SIGINT, previous.0)
            signal(SIGTERM, previous.1)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return Swift.readLine()
    }
}

/// The terminal's settings before the echo was turned off, for the signal handler below.
nonisolated(unsafe) private var savedTerminal = termios()

/// Restores the terminal, then lets the signal end the process as it would have.
private let restoreTerminal: @convention(c) (Int32) -> Void = { number in
    tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal)
    signal(number, SIG_DFL)
    raise(number)
}
