import Files
import Foundation

/// The configuration `serve` works with, read again only when the file's bytes change: its
/// builds, syncs and ticks all ask, every second or more often, and a warning about the file (an
/// unknown key) is said once per version of the file, not at every turn. When the file no longer
/// reads (a half-saved edit, a typo) or vanishes after it was there, the last one that read, so
/// that the wall goes on and the sync with it; said once on standard error, and the pages say it
/// too (`kept`), without the file's text, which may hold the token.
final class ServedConfiguration {
    private let invocation: Invocation
    /// The file's bytes the last answer was made from (nil: no file), and that answer.
    private var last: (bytes: [UInt8]?, answer: Result<(configuration: Configuration, kept: Bool), Error>)?
    /// The last configuration that read.
    private var lastGood: Configuration?
    /// Whether a configuration file was read: once it was, its absence is a problem, not "no settings".
    private var fileSeen = false

    init(_ invocation: Invocation) {
        self.invocation = invocation
    }

    /// The configuration as the file reads now, or the last one that read; see the type.
    func current() throws -> (configuration: Configuration, kept: Bool) {
        let place = invocation.configurationPlace
        let files = invocation.environment.files
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

    private func read() throws -> (configuration: Configuration, kept: Bool) {
        do {
            // A file that was there and is gone is most often an editor saving by rename: keep
            // the last settings rather than build the demo family or lose the token for a turn.
            let place = invocation.configurationPlace
            let present = invocation.environment.files.kind(place.path) != .missing
            if fileSeen, !present {
                throw FileError(.inputMissing(path: place.shown, what: "configuration file"))
            }
            let configuration = try invocation.loadConfiguration()
            if present { fileSeen = true }
            lastGood = configuration
            return (configuration, false)
        } catch {
            guard let lastGood else { throw error }
            let message = ErrorSentence.of(error)
            invocation.diagnose(.warning, "\(message.dropLast()); serve goes on with the settings from before.")
            return (lastGood, true)
        }
    }
}
