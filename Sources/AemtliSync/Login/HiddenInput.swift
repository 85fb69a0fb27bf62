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
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return Swift.readLine()
    }
}
