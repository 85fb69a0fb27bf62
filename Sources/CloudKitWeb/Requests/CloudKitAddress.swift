/// A CloudKit environment: `production` for App Store and TestFlight builds, `development` for
/// builds run from Xcode.
public enum CloudKitEnvironment: String, CaseIterable, Sendable {
    case production
    case development
}

/// The databases of a container that aemtli reads (`public` only for `users/caller`).
public enum CloudKitDatabase: String, CaseIterable, Sendable {
    case `public`
    case `private`
    case shared
}

/// Where a container's web services are: the endpoint, the container id and its environment.
public struct CloudKitAddress: Equatable, Sendable {
    public let endpoint: Endpoint
    public let container: String
    public let environment: CloudKitEnvironment

    /// Checks the container id: `iCloud.` then letters, digits, dots, dashes and underscores.
    public init(endpoint: Endpoint, container: String, environment: CloudKitEnvironment) throws {
        let allowed = container.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "._-".unicodeScalars.contains($0)
        }
        guard container.hasPrefix("iCloud."), container.count > 7, allowed else {
            throw CloudKitError(.containerInvalid(container))
        }
        self.endpoint = endpoint
        self.container = container
        self.environment = environment
    }
}
