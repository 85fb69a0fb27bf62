/// The household's store or state, as the settings name it, that cannot be used: a store that is
/// not there or holds nothing to read, a second store beside the family's, warnings under
/// `--strict`, no folder for the sign-in.
public struct HouseholdError: Error, Equatable {
    public enum Reason: Equatable {
        case storeMissing(path: String)
        case storeHasNoJSON(path: String)
        /// Reading the store or its journal gave warnings, and `--strict` makes them fail.
        case strictWarnings(count: Int)
        /// `sync --store` names a folder that is not there while the usual store is: a typo that
        /// would start a second store and history.
        case secondStore(given: String, existing: String)
        /// Neither `XDG_STATE_HOME` nor `HOME` says where the sign-in is kept.
        case noSessionFolder
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case .storeMissing(let path):
            return "the store \"\(path)\" does not exist; pass --store with a JSON file or a folder of them."
        case .storeHasNoJSON(let path):
            return
                "the store folder \"\(path)\" holds no .json files; put the CloudKit responses there or pass another --store."
        case .strictWarnings(let count):
            return
                "the store gave \(count) warning\(count == 1 ? "" : "s") and --strict is set; fix the records above or drop --strict."
        case .secondStore(let given, let existing):
            return
                "the store \"\(given)\" does not exist but \"\(existing)\" does, so aemtli stopped before starting a second one; pass --store \(existing) (or fix \"store\" in aemtli.json), or move \"\(existing)\" away first to start a new store."
        case .noSessionFolder:
            return
                "the option 'XDG_STATE_HOME' is required; set it or HOME, so that aemtli knows where to keep the sign-in."
        }
    }
}
