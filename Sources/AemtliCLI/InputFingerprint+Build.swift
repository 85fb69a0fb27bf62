import AemtliCore
import Foundation

extension InputFingerprint {
    /// Everything `aemtli build`'s files depend on: the program, the store's files (names and
    /// bytes), the resolved settings (now, zone, language, configuration), the template overrides
    /// and the private feed tokens. Flags that change no file (`--timings`, `--strict`) are not in it.
    static func build(_ invocation: Invocation, settings: Settings, sources: [StoreSource]) -> InputFingerprint {
        var fingerprint = InputFingerprint()
        fingerprint.add(AemtliCommand.version)
        fingerprint.add(programIdentity)
        fingerprint.add(UInt64(sources.count))
        for source in sources {
            fingerprint.add(source.name)
            fingerprint.add(source.bytes)
        }
        fingerprint.add(settings.now.timeIntervalSince1970.bitPattern)
        fingerprint.add(settings.timeZone.identifier)
        let configuration = settings.configuration
        let words: [String?] = [
            settings.language.rawValue, settings.title, settings.baseURL, settings.weekStart.rawValue,
            String(settings.dueSoonDays), String(settings.eventMinutes),
            configuration.reminderMinutes.map(String.init), configuration.refreshMinutes.map(String.init),
            configuration.privateFeeds.map(String.init),
        ]
        for word in words { fingerprint.add(word ?? "\u{0}none") }
        fingerprint.addFiles(inFolder: invocation.arguments.value(.templates), invocation.environment)
        fingerprint.add(Array(FileManager.default.contents(atPath: invocation.environment.resolve(FeedTokens.file).path) ?? Data()))
        return fingerprint
    }

    /// The running executable's path, size and modification time: a rebuilt aemtli renders anew.
    private static var programIdentity: String {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return "\(path) \(info.st_size) \(time.tv_sec).\(time.tv_nsec)"
    }

    /// The names and bytes of a folder's files, in order of name (nothing without a folder).
    private mutating func addFiles(inFolder folder: String?, _ environment: CommandEnvironment) {
        guard let folder else { return add(UInt64(0)) }
        let url = environment.resolve(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
        add(UInt64(names.count))
        for name in names {
            add(name)
            add(Array(FileManager.default.contents(atPath: url.appendingPathComponent(name).path) ?? Data()))
        }
    }
}
