import AemtliCore
import Files
import Foundation

/// Finds the store the user means (SPEC §2) and reads its files, in lexical path order, for Core.
/// With no store at all it hands over the built-in demo family.
public struct StoreLoader {
    public enum Location: Equatable {
        case demo
        case path(String)
    }

    let environment: CommandEnvironment

    private var files: FileIO { environment.files }

    func locate(_ option: String?) throws -> Location {
        if let option {
            switch files.kind(environment.place(option).path) {
            case .missing: throw HouseholdError(.storeMissing(path: option))
            case .inaccessible(let code): throw FileIO.cannotRead(option, code)
            default: return .path(option)
            }
        }
        let usual = Household.defaultStore
        switch files.kind(environment.place(usual).path) {
        case .folder, .linkedFolder: return .path(usual)
        case .inaccessible(let code): throw FileIO.cannotRead(usual, code)
        case .file, .special, .missing: return .demo
        }
    }

    func sources(at location: Location, settings: Settings) throws -> [StoreSource] {
        switch location {
        case .demo:
            let document = DemoFamily.responses(now: settings.now, time: settings.time)
            return [StoreSource(name: "demo family", bytes: Array(document.serialized().utf8))]
        case .path(let path):
            return try storeFiles(at: path).map { place in
                StoreSource(name: place.shown, bytes: try files.read(place, what: "store file"))
            }
        }
    }

    /// The store's JSON files, named as the user recognises them: the given path, then the relative path.
    private func storeFiles(at path: String) throws -> [FileIO.Place] {
        let place = environment.place(path)
        switch files.kind(place.path) {
        case .missing: throw HouseholdError(.storeMissing(path: path))
        case .inaccessible(let code): throw FileIO.cannotRead(path, code)
        case .file, .special: return [place]
        case .folder, .linkedFolder: break
        }
        let relative = try files.files(below: place, withExtension: "json")
        guard !relative.isEmpty else { throw HouseholdError(.storeHasNoJSON(path: path)) }
        return relative.map(place.appending)
    }
}
