import StaticHTTP

/// A command that cannot run as asked: wrong words on the command line, a store or file that is
/// not there, or output that cannot be written.
public struct CLIError: Error, Equatable {
    public enum Reason: Equatable {
        case unknownCommand(String, suggestion: String?)
        case unknownOption(String, suggestion: String?)
        case missingValue(String)
        case flagTakesNoValue(String)
        /// A flag's value that does not parse; `expectation` says what to write instead.
        case invalidValue(option: String, value: String, expectation: String)
        case missingArgument(String)
        /// A required option is not there; `why` says what it is for.
        case missingOption(String, why: String)
        case unexpectedArgument(String)
        case storeMissing(path: String)
        case storeHasNoJSON(path: String)
        case inputMissing(path: String, what: String)
        case readFailed(path: String, detail: String)
        case cannotCreate(path: String, detail: String)
        case strictWarnings(count: Int)
        case invalidRange(from: String, to: String)
        case unknownMember(String, known: [String], suggestion: String?)
        /// Two files of one build asked for the same path (a bug: the site's names must not collide).
        case outputClash(path: String)
        /// A build step failed; `reason` is the underlying message, `code` its exit code.
        case stepFailed(step: String, reason: String, code: ExitCode)
        /// `serve --listen` with a value that is not HOST:PORT, most often a port alone.
        case invalidListenAddress(String)
        /// `serve` cannot listen where asked; `detail` says why, as a clause.
        case cannotListen(address: String, detail: String)
        /// Something already listens where `serve` was asked to: most often a serve started before.
        case addressInUse(address: String)
        /// `serve` on a folder another running `serve` (of this pid, when known) serves: both would write it.
        case folderServed(path: String, pid: Int32?)
        /// `serve pin` for a member who is not a parent: only a parent's PIN lets the wall tick.
        case notAParent(slug: String)
        /// What `serve pin` read is no PIN; the flaw names what is wrong, never the text (a secret).
        case notAPIN(PINRule.Flaw)
        /// `serve pin` on a terminal read two PINs that differ: a typo behind the dots would lock
        /// the parent out, so nothing is set.
        case pinsDiffer(slug: String)
        /// `sync --store` names a folder that is not there while the usual store is: a typo that
        /// would start a second store and history.
        case secondStore(given: String, existing: String)
    }

    /// `serve`'s error for a server that would not start at `address` (as the user wrote it): the
    /// server's sentences end in a full stop and name the address again, so they are turned into
    /// clauses of this one.
    static func listening(at address: String, failedWith error: Error) -> CLIError {
        switch (error as? HTTPError)?.reason {
        case .addressInUse?:
            return CLIError(.addressInUse(address: address))
        case .listenFailed(_, let detail)?:
            return CLIError(.cannotListen(address: address, detail: "the system says \"\(detail)\""))
        case .listenAddressInvalid?:
            return CLIError(
                .cannotListen(address: address, detail: "the host is not an IPv4 or IPv6 address or localhost"))
        default:
            let sentence = "\(error)"
            return CLIError(
                .cannotListen(
                    address: address, detail: sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence))
        }
    }

    public var reason: Reason
    /// The command the error belongs to, for its usage line (`["check"]`, `["template", "render"]`).
    public var path: [String]

    public init(_ reason: Reason, path: [String] = []) {
        self.reason = reason
        self.path = path
    }

    public var exitCode: ExitCode {
        switch reason {
        case .unknownCommand, .unknownOption, .missingValue, .flagTakesNoValue, .invalidValue, .invalidListenAddress,
            .missingArgument, .unexpectedArgument, .missingOption, .invalidRange, .unknownMember, .notAParent,
            .notAPIN, .pinsDiffer, .secondStore:
            return .usage
        case .storeMissing, .storeHasNoJSON, .inputMissing: return .noInput
        case .readFailed: return .ioError
        case .cannotCreate, .folderServed: return .cannotCreate
        case .outputClash: return .software
        case .strictWarnings: return .dataError
        case .stepFailed(_, _, let code): return code
        case .cannotListen, .addressInUse: return .unavailable
        }
    }

    /// Usage errors are followed by the command's usage line and a hint; not a listen address,
    /// where the sentence already shows what to write and serve's usage line is a screenful.
    public var showsUsage: Bool {
        if case .invalidListenAddress = reason { return false }
        return exitCode == .usage
    }

    public var message: String {
        switch reason {
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .missingValue(let synopsis):
            return "the option '\(synopsis)' needs a value."
        case .flagTakesNoValue(let name):
            return "the flag '--\(name)' takes no value."
        case .invalidValue(let option, let value, let expectation):
            return "'\(value)' is not a valid value for '--\(option)'; \(expectation)."
        case .missingOption(let synopsis, let why):
            return "the option '\(synopsis)' is required; \(why)."
        case .missingArgument(let name):
            return "missing the argument <\(name)>."
        case .unexpectedArgument(let value):
            return "unexpected argument '\(value)'."
        case .storeMissing(let path):
            return "the store \"\(path)\" does not exist; pass --store with a JSON file or a folder of them."
        case .storeHasNoJSON(let path):
            return
                "the store folder \"\(path)\" holds no .json files; put the CloudKit responses there or pass another --store."
        case .inputMissing(let path, let what):
            return "the \(what) \"\(path)\" does not exist."
        case .readFailed(let path, let detail):
            return "cannot read \"\(path)\": \(detail)."
        case .cannotCreate(let path, let detail):
            return "cannot write \"\(path)\": \(detail)."
        case .strictWarnings(let count):
            return
                "the store gave \(count) warning\(count == 1 ? "" : "s") and --strict is set; fix the records above or drop --strict."
        case .invalidRange(let from, let to):
            return
                "the range \(from) to \(to) is empty; --to is the day after the last one shown, so it must come after --from."
        case .unknownMember(let slug, let known, let suggestion):
            let hint =
                suggestion.map { "; did you mean '\($0)'?" }
                ?? (known.isEmpty
                    ? "; the family has no members." : "; the members are \(known.joined(separator: ", ")).")
            return "no member has the slug '\(slug)'\(hint)"
        case .outputClash(let path):
            return
                "two files of the site asked for the path \"\(path)\", so neither is written; please report this with the member names of your store."
        case .stepFailed(let step, let reason, _):
            return "the build step '\(step)' failed: \(reason)"
        case .invalidListenAddress(let value):
            // A port alone (or after a colon) is the commonest slip: show it with the two hosts
            // a family chooses between.
            let port = value.hasPrefix(":") ? String(value.dropFirst()) : value
            let example =
                UInt16(port).map { "127.0.0.1:\($0) (this machine only) or 0.0.0.0:\($0) (a tablet too)" }
                ?? "127.0.0.1:8080 or [::1]:8080"
            return "'\(value)' is not a valid value for '--listen'; write HOST:PORT, like \(example)."
        case .cannotListen(let address, let detail):
            return "cannot serve at \(address): \(detail); pass another --listen HOST:PORT."
        case .addressInUse(let address):
            return
                "cannot serve at \(address) because something already listens there, perhaps an 'aemtli serve' started before; stop it or pass another --listen HOST:PORT."
        case .folderServed(let path, let pid):
            return
                "aemtli serve\(pid.map { " (pid \($0))" } ?? "") already serves '\(path)'; stop it first, or pass another --out."
        case .notAParent(let slug):
            return "the member '\(slug)' is not a parent in the store; only a parent has a PIN for ticking on the wall."
        case .notAPIN(let flaw):
            return Self.describe(flaw, of: "the PIN read from standard input")
        case .pinsDiffer(let slug):
            return
                "the two PINs typed differ, so nothing was set; run 'aemtli serve pin --member \(slug)' again and type the same digits twice."
        case .secondStore(let given, let existing):
            return
                "the store \"\(given)\" does not exist but \"\(existing)\" does, so aemtli stopped before starting a second one; pass --store \(existing) (or fix \"store\" in aemtli.json), or move \"\(existing)\" away first to start a new store."
        }
    }

    /// What is wrong with a text that should be a PIN, in one sentence that never repeats it.
    private static func describe(_ flaw: PINRule.Flaw, of place: String) -> String {
        let rule = "a PIN is 4 to 8 of the digits 0-9 and nothing else, so nothing was set."
        switch flaw {
        case .empty: return "\(place) is empty; type 4 to 8 digits (0-9), then Enter."
        case .tooFew(let count), .tooMany(let count): return "\(place) has \(count) digits; \(rule)"
        case .notADigit(let kind):
            let what: String
            switch kind {
            case .space: what = "a space"
            case .lineBreak: what = "a line break"
            case .control: what = "an invisible control character"
            case .otherDigit: what = "a digit other than 0-9 (full-width or of another script)"
            case .letter: what = "a letter"
            case .sign: what = "a sign that is not a digit"
            }
            return "\(place) holds \(what); \(rule)"
        }
    }
}
