import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of a program as a child of this process: it reads `input` on its standard input, and
/// what it writes on its standard output comes back; its standard error is ours. (A program that
/// outlives the call, the sign-in's browser, is started with Foundation's `Process` instead.)
///
/// Standard input and output are the two ends of one socket pair, made close-on-exec in the same
/// call (Linux) or shut out by the spawn itself (`POSIX_SPAWN_CLOEXEC_DEFAULT`, macOS): serve
/// starts children from two threads at once, and a child that inherited another's socket would keep
/// that one's output open. Our writes never raise SIGPIPE. Nothing here allocates what outlives the run.
public struct ChildProcess: Sendable {
    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// What a child wrote and how it ended.
    public struct Outcome: Sendable {
        public var output: [UInt8]
        public var ending: Ending
    }

    public let executable: String
    /// The arguments after the program's name, which is `name`.
    public let arguments: [String]
    public let name: String

    public init(executable: String, name: String, arguments: [String]) {
        self.executable = executable
        self.name = name
        self.arguments = arguments
    }

    /// Runs the child to its end: `input`, then what it writes (at most `outputLimit` bytes) until
    /// it ends. Killed (SIGKILL) and thrown when `deadline` (in `DispatchTime`) passes, when
    /// `stopped` turns true (looked at ten times a second), or when it writes more than the limit.
    public func run(
        input: [UInt8], outputLimit: Int, deadline: DispatchTime, until stopped: () -> Bool = { false }
    ) throws -> Outcome {
        let (ours, theirs) = try Self.socketPair()
        defer { close(ours) }
        let pid: pid_t
        do {
            pid = try spawn(socket: theirs)
        } catch {
            close(theirs)
            throw error
        }
        close(theirs)
        let output: [UInt8]
        do {
            output = try Self.exchange(input, over: ours, limit: outputLimit, deadline: deadline, until: stopped)
        } catch {
            _ = kill(pid, SIGKILL)
            _ = Self.reap(pid)
            throw error
        }
        // The output has ended; the child ends too, or is ended at the deadline.
        while true {
            if let ending = Self.reap(pid, waiting: false) { return Outcome(output: output, ending: ending) }
            if DispatchTime.now() >= deadline {
                _ = kill(pid, SIGKILL)
                _ = Self.reap(pid)
                throw ChildProcessError(.timedOut)
            }
            usleep(1_000)
        }
    }

    private func spawn(socket: Int32) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        try Self.check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try Self.check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with every signal at its default and none blocked (serve ignores SIGTERM,
        // SIGINT and SIGHUP to watch them itself, and the thread that spawns may block others), in a
        // process group of its own, so that a terminal's Ctrl-C reaches only this process, which
        // then ends its children itself.
        var everySignal = sigset_t()
        var noSignal = sigset_t()
        sigfillset(&everySignal)
        sigemptyset(&noSignal)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        // Only what is named here reaches the child: 0 and 1 below, and standard error.
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        try Self.check(posix_spawn_file_actions_addinherit_np(&actions, 2), "posix_spawn_file_actions_addinherit_np")
        #endif
        try Self.check(posix_spawn_file_actions_adddup2(&actions, socket, 0), "posix_spawn_file_actions_adddup2")
        try Self.check(posix_spawn_file_actions_adddup2(&actions, socket, 1), "posix_spawn_file_actions_adddup2")
        try Self.check(posix_spawnattr_setsigdefault(&attributes, &everySignal), "posix_spawnattr_setsigdefault")
        try Self.check(posix_spawnattr_setsigmask(&attributes, &noSignal), "posix_spawnattr_setsigmask")
        try Self.check(posix_spawnattr_setpgroup(&attributes, 0), "posix_spawnattr_setpgroup")
        try Self.check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")
        var pid: pid_t = 0
        let words = [name] + arguments
        let code = Self.withCStrings(words) { argv in
            posix_spawn(&pid, executable, &actions, &attributes, argv, Self.environment)
        }
        guard code == 0 else {
            throw ChildProcessError(.cannotStart(program: name, detail: String(cString: strerror(code))))
        }
        return pid
    }

    /// This process's environment, which the child inherits (macOS declares no `environ`).
    private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return UnsafePointer(_NSGetEnviron().pointee)
        #else
        return UnsafePointer(environ)
        #endif
    }

    private static func withCStrings<Result>(
        _ words: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let copies = words.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies + [nil])
    }

    private static func socketPair() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        #endif
        guard made == 0 else { throw Self.failed("socketpair") }
        #if canImport(Darwin)
        // Close-on-exec for both (the spawn names the child's), no SIGPIPE for ours: a child whose
        // parent has gone may well die of it.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var on: Int32 = 1
        setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return (ends[0], ends[1])
    }

    #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL | MSG_DONTWAIT)
    #else
    private static let sendFlags = MSG_DONTWAIT
    #endif

    /// Writes `input` and reads the output as the child takes one and gives the other, so that
    /// a child that writes before it has read everything cannot wait on us while we wait on it.
    /// The input's end is a shutdown of our writing side; the output's, the child's closing it.
    private static func exchange(
        _ input: [UInt8], over socket: Int32, limit: Int, deadline: DispatchTime, until stopped: () -> Bool
    ) throws -> [UInt8] {
        var sent = 0
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        if input.isEmpty { _ = shutdown(socket, Int32(SHUT_WR)) }
        while true {
            if stopped() { throw ChildProcessError(.stopped) }
            let now = DispatchTime.now()
            guard now < deadline else { throw ChildProcessError(.timedOut) }
            let writing = sent < input.count
            var polled = pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
            // A tenth of a second at most, to look at `stopped` again.
            let left = (deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000
            let ready = poll(&polled, 1, Int32(min(100, left + 1)))
            if ready < 0 && errno != EINTR || polled.revents & Int16(POLLNVAL) != 0 { throw Self.failed("poll") }
            guard ready > 0 else { continue }
            if writing, polled.revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
                let count = input.withUnsafeBytes { systemSend(socket, $0.baseAddress! + sent, input.count - sent) }
                if count >= 0 {
                    sent += count
                } else if errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK {
                    // The child has stopped reading (it ended, or said why on its output).
                    sent = input.count
                }
                if sent == input.count { _ = shutdown(socket, Int32(SHUT_WR)) }
            }
            guard polled.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return output }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return output
            }
            guard output.count + count <= limit else { throw ChildProcessError(.tooMuchOutput(limit: limit)) }
            output.append(contentsOf: chunk[0..<count])
        }
    }

    private static func systemSend(_ socket: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(socket, pointer, count, sendFlags)
        #else
        return Darwin.send(socket, pointer, count, sendFlags)
        #endif
    }

    /// The child's ending once it has ended (waiting for it, unless `waiting` is false, which
    /// answers nil while it runs); nil also when it was reaped already.
    private static func reap(_ pid: pid_t, waiting: Bool = true) -> Ending? {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, waiting ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno == EINTR { continue }
            return nil
        }
        // The encoding POSIX's WIFEXITED and WTERMSIG read, which Swift does not import as macros.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// The failure of `call`, from `errno` or the code it returned.
    private static func failed(_ call: String, code: Int32 = errno) -> ChildProcessError {
        ChildProcessError(.systemCall(call, detail: String(cString: strerror(code))))
    }

    /// posix_spawn's functions return their error instead of setting errno.
    private static func check(_ code: Int32, _ call: String) throws {
        guard code == 0 else { throw failed(call, code: code) }
    }
}
