import AemtliSync
import CloudKitWeb

/// `aemtli.json`'s `cloudkit` object (SPEC §8.1): each key optional, each overridden by the flag
/// of the same name; `SyncSettings` resolves them with the defaults.
public struct CloudKitConfiguration: Equatable {
    public var container: String?
    public var environment: CloudKitEnvironment?
    public var apiToken: String?
    public var database: SyncConfiguration.DatabaseChoice?
    public var zone: String?
    public var endpoint: String?
    public var callbackPort: Int?

    public init() {}

    static let knownKeys = ["container", "environment", "apiToken", "database", "zone", "endpoint", "callbackPort"]

    init(_ reader: Configuration.KeyReader) throws {
        container = try reader.string("container")
        environment = try reader.choice("environment", CloudKitEnvironment.allCases.map(\.rawValue)).flatMap(
            CloudKitEnvironment.init)
        apiToken = try reader.string("apiToken")
        database = try reader.choice("database", SyncConfiguration.DatabaseChoice.allCases.map(\.rawValue))
            .flatMap(SyncConfiguration.DatabaseChoice.init)
        zone = try reader.string("zone")
        endpoint = try reader.string("endpoint")
        callbackPort = try reader.integer("callbackPort", 1...65_535)
    }
}
