import Files
import Foundation

/// The configuration `serve` works with, read again only when the file's bytes change, and the
/// household worked out from it once per version: its builds, syncs and ticks all ask, every
/// second or more often, and a warning about the file (an unknown key) or its zone is said once
/// per version of the file, not at every turn. When the file no longer reads (a half-saved edit,
/// a typo) or vanishes after it was there, the last one that read, so that the wall goes on and
/// the sync with it; said once on standard error, and the pages say it too (`kept`), without the
/// file's text, which may hold the token. SIGHUP works the household out anew (`forget`).
/// Safe to ask from the loop and a tick's connection at once.
final class ServedConfiguration: @unchecked Sendable {
    /// The command line's settings, which hold for every version of the file.
    let flags: SettingsFlags
    private let environment: CommandEnvironment
    private let lock = NSRecursiveLock()
    /// The file's bytes the last answer was made from (nil: no file), and that answer.
    private var last: (bytes: [UInt8]?, answer: Result<(configuration: Configuration, kept: Bool), Error>)?
    /// The last configuration that read.
    private var lastGood: Configuration?
    /// Whether a configuration file was read: once it was, its absence is a problem, not "no settings".
    private var fileSeen = false
    /// The household of the configuration last answered, or why it could not be worked out.
    private var household: (configuration: Configuration, answer: Result<Household, Error>)?

    init(flags: SettingsFlags, environment: CommandEnvironment) {
        self.flags = flags
        self.environment = environment
    }

    /// Where the configuration is read from, for messages.
    var place: FileIO.Place {
        Household.configurationPlace(flags, environment: environment)
    }

    /// The household of the configuration as `configuration()` answers it, worked out once per
    /// version; `kept` as there.
    func current() throws -> (household: Household, kept: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let (configuration, kept) = try self.configuration()
        if let household, household.configuration == configuration { return (try household.answer.get(), kept) }
        let answer = Result { try Household.resolve(flags, configuration: configuration, environment: environment) }
        household = (configuration, answer)
        return (try answer.get(), kept)
    }

    /// The configuration as the file reads now, or the last one that read; see the type.
    func configuration() throws -> (configuration: Configuration, kept: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let place = self.place
        let files = environment.files
        let bytes: [UInt8]?
        if files.kind(place.path) == .missing {
            bytes = nil
        } else if let read = try? files.readBytes(place.path) {
            bytes = read
        } else {
            // Unreadable: no bytes to remember it by, so it is read (and said) again next time.
            return try read()
        }
        if let last, last.bytes == bytes { return try last.answer.get() }
        let answer = Result { try read() }
        last = (bytes, answer)
        return try answer.get()
    }

    /// Works out the household anew at the next question (SIGHUP): the zone's rules, read from
    /// the system's tz database, may have changed. (The file itself is looked at every time.)
    func forget() {
        lock.lock()
        defer { lock.unlock() }
        household = nil
    }

    private func read() throws -> (configuration: Configuration, kept: Bool) {
        do {
            // A file that was there and is gone is most often an editor saving by rename: keep
            // the last settings rather than build the demo family or lose the token for a turn.
            let place = self.place
            let present = environment.files.kind(place.path) != .missing
            if fileSeen, !present {
                throw FileError(.inputMissing(path: place.shown, what: "configuration file"))
            }
            let configuration = try Household.loadConfiguration(flags, environment: environment)
            if present { fileSeen = true }
            lastGood = configuration
            return (configuration, false)
        } catch {
            guard let lastGood else { throw error }
            let message = ErrorSentence.of(error)
            environment.diagnose(.warning, "\(message.dropLast()); serve goes on with the settings from before.")
            return (lastGood, true)
        }
    }
}
