import AemtliCore
import Foundation

/// Finds the store the user means (SPEC §2) and reads its files, in lexical path order, for Core.
/// With no store at all it hands over the built-in demo family.
struct StoreLoader {
    enum Location: Equatable {
        case demo
        case path(String)
    }

    let environment: CommandEnvironment

    func locate(_ option: String?) throws -> Location {
        if let option {
            guard FileManager.default.fileExists(atPath: environment.resolve(option).path) else {
                throw CLIError(.storeMissing(path: option))
            }
            return .path(option)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: environment.resolve("store").path, isDirectory: &isDirectory), isDirectory.boolValue {
            return .path("store")
        }
        return .demo
    }

    func sources(at location: Location, settings: Settings) throws -> [StoreSource] {
        switch location {
        case .demo:
            let document = DemoFamily.responses(now: settings.now, calendar: settings.calendar)
            return [StoreSource(name: "demo family", bytes: Array(document.serialized().utf8))]
        case .path(let path):
            // Read on all cores; the first failure in path order is the one reported.
            let names = try files(at: path)
            return try ParallelMap.map(names.count) { index in
                do {
                    let data = try Data(contentsOf: environment.resolve(names[index]))
                    return StoreSource(name: names[index], bytes: [UInt8](data))
                } catch {
                    throw CLIError(.readFailed(path: names[index], detail: Self.describe(error)))
                }
            }
        }
    }

    /// The store's JSON files as paths the user recognises: the given path, then the relative path.
    private func files(at path: String) throws -> [String] {
        let url = environment.resolve(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CLIError(.storeMissing(path: path))
        }
        guard isDirectory.boolValue else { return [path] }
        guard let relative = FolderListing.files(in: url, withExtension: "json") else {
            throw CLIError(.readFailed(path: path, detail: "the folder cannot be listed"))
        }
        guard !relative.isEmpty else { throw CLIError(.storeHasNoJSON(path: path)) }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return relative.map { prefix + $0 }
    }

    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        var text = nsError.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
