import AemtliCore
import Files
import Foundation

extension InputFingerprint {
    /// Everything `aemtli build`'s files depend on but the private feed tokens: the program, the
    /// store's files (names and bytes), every resolved setting (`Settings.fingerprint`) and the
    /// template overrides. Flags that change no file (`--timings`, `--strict`) are not in it.
    static func build(
        _ household: Household, settings: Settings, sources: [StoreSource], environment: CommandEnvironment
    ) -> InputFingerprint {
        var fingerprint = InputFingerprint()
        fingerprint.add(Program.version)
        fingerprint.add(programIdentity)
        fingerprint.add(UInt64(sources.count))
        for source in sources {
            fingerprint.add(source.name)
            fingerprint.add(source.bytes)
        }
        let lines = settings.fingerprint
        fingerprint.add(UInt64(lines.count))
        for line in lines { fingerprint.add(line) }
        fingerprint.addFiles(inFolder: household.flags.templates, environment)
        return fingerprint
    }

    /// `base` (from `build`) with the private feed tokens as they are now: the build makes tokens
    /// for new members, and then its fingerprint must hold them.
    static func withFeedTokens(_ base: String, _ environment: CommandEnvironment) -> String {
        var fingerprint = InputFingerprint()
        fingerprint.add(base)
        fingerprint.add((try? environment.files.readBytes(environment.place(FeedTokens.file).path)) ?? [])
        return fingerprint.hex
    }

    /// The running executable's path, size and modification time: a rebuilt aemtli renders anew
    /// (and passes over the journal checkpoints another build of it wrote).
    static var programIdentity: String {
        // Resolved, so that a link to the program (Homebrew's bin/aemtli) and its target agree.
        let path = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "")
            .resolvingSymlinksInPath().path
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return "\(path) \(info.st_size) \(time.tv_sec).\(time.tv_nsec)"
    }

    /// The names and bytes of the templates below a folder, by the rule that loads them
    /// (nothing without a folder; what cannot be read counts as empty: loading it reports that).
    mutating func addFiles(inFolder folder: String?, _ environment: CommandEnvironment) {
        guard let folder else { return add(UInt64(0)) }
        let place = environment.place(folder)
        let names = (try? environment.files.files(below: place, withExtension: "mustache")) ?? []
        add(UInt64(names.count))
        for name in names {
            add(name)
            add((try? environment.files.readBytes(place.appending(name).path)) ?? [])
        }
    }
}
