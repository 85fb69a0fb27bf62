import CloudKitWeb
import Foundation

/// The `cloudkit` settings of SPEC §8.1 as values, with their defaults. The CLI fills it from
/// `aemtli.json`, flags and `AEMTLI_CLOUDKIT_API_TOKEN`; `checked()` turns it into what sync uses.
public struct SyncConfiguration: Equatable, Sendable {
    /// Which database to read: the owner's private one, a member's shared one, or decided at sign-in.
    public enum DatabaseChoice: String, CaseIterable, Sendable {
        case auto
        case `private`
        case shared
    }

    public static let defaultContainer = "iCloud.com.christosalexisfantino.MaturarbeitApp"
    public static let defaultCallbackPort = 8731
    public static let apiTokenVariable = "AEMTLI_CLOUDKIT_API_TOKEN"

    public var container: String
    public var environment: CloudKitEnvironment
    /// None built in: the container's developer makes one (see `SyncError.Reason.apiTokenMissing`).
    public var apiToken: String?
    public var database: DatabaseChoice
    public var zone: String
    public var endpoint: String
    public var callbackPort: Int

    public init(
        container: String = defaultContainer, environment: CloudKitEnvironment = .production, apiToken: String? = nil,
        database: DatabaseChoice = .auto, zone: String = "MainZone", endpoint: String = Endpoint.apple.base,
        callbackPort: Int = defaultCallbackPort
    ) {
        self.container = container
        self.environment = environment
        self.apiToken = apiToken
        self.database = database
        self.zone = zone
        self.endpoint = endpoint
        self.callbackPort = callbackPort
    }

    /// The settings checked: an API token present, a usable endpoint and container, a port.
    /// Every failure is exit 78 with what to change.
    public func checked() throws -> CheckedConfiguration {
        guard let apiToken, !apiToken.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw SyncError(.apiTokenMissing(container: container, callbackPort: callbackPort))
        }
        guard (1...65_535).contains(callbackPort) else { throw SyncError(.callbackPortInvalid(callbackPort)) }
        do {
            let address = try CloudKitAddress(
                endpoint: try Endpoint(endpoint), container: container, environment: environment)
            return CheckedConfiguration(
                settings: self, requests: RequestBuilder(address: address, apiToken: apiToken),
                zone: zone.isEmpty ? "MainZone" : zone)
        } catch let error as CloudKitError {
            throw SyncError(.addressInvalid(error.description))
        }
    }
}

/// Settings that passed `SyncConfiguration.checked()`, with the request builder they give.
public struct CheckedConfiguration: Sendable {
    public let settings: SyncConfiguration
    public let requests: RequestBuilder
    public let zone: String
}
