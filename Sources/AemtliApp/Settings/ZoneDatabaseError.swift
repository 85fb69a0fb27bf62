import TZif

/// A zone file of the system's tz database that cannot be used.
public struct ZoneDatabaseError: Error, Equatable {
    public enum Reason: Equatable {
        /// The file starts like a TZif file but its data is damaged.
        case corrupt(TZifError)
        case unreadable(detail: String)
    }

    public var reason: Reason
    /// The zone file's path.
    public var path: String

    public init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    public var message: String {
        switch reason {
        case .corrupt(let error):
            return
                "\"\(path)\": \(error.description); reinstall the system's tzdata or set TZDIR to an intact zone database."
        case .unreadable(let detail):
            return "cannot read the zone file \"\(path)\": \(detail)."
        }
    }
}
