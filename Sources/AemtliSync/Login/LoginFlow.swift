import CloudKitWeb
import Foundation

/// `aemtli sync login` (SPEC §8.2) in two steps around the browser:
///
/// 1. `signInAddress()`: `GET users/caller` without a session → 421 with `redirectURL`;
/// 2. after the token arrives (the callback or `--paste`), `complete(with:)`: `GET users/caller`
///    with it, decide the database for `auto` (private when the caller's private `zones/list`
///    holds the zone, else shared), and save the session with the newest token.
public struct LoginFlow {
    let configuration: CheckedConfiguration
    let transport: CloudKitTransport
    let sessionStore: SessionStore
    let clock: SyncClock

    public init(
        configuration: CheckedConfiguration, transport: CloudKitTransport, sessionStore: SessionStore,
        clock: SyncClock = .system
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sessionStore = sessionStore
        self.clock = clock
    }

    /// Where the user signs in (Apple's page, which then redirects to the callback).
    public func signInAddress() throws -> String {
        let client = makeClient(token: nil)
        let response = try client.exchange(.caller, database: .public)
        guard response.status == 421, let address = ServerErrorBody(response: response)?.redirectURL, !address.isEmpty
        else {
            if response.isSuccess || response.status == 421 { throw SyncError(.noSignInAddress) }
            throw client.failure(for: response, operation: .caller)
        }
        return address
    }

    /// Confirms the token, decides the database and keeps the session (with the signed-in user's
    /// name when CloudKit shares it); returns it.
    @discardableResult
    public func complete(with token: WebAuthToken) throws -> Session {
        let client = makeClient(token: token)
        let identity = try SyncError.readingAnswer {
            try CallerIdentity(body: try client.send(.caller, database: .public).body)
        }
        let database = try decideDatabase(client)
        guard let latest = client.token else { throw SyncError(.notSignedIn) }
        let session = Session(
            token: latest, userRecordName: identity.userRecordName, displayName: identity.displayName,
            signedInAt: clock.now(), database: database)
        try sessionStore.save(session)
        return session
    }

    /// Whether the session still works (`sync status --check`): one `users/caller`, keeping any
    /// rotated token. Throws `SyncError` (77 when CloudKit no longer accepts it).
    public func check() throws -> CallerIdentity {
        guard let session = try sessionStore.load() else { throw SyncError(.notSignedIn) }
        let client = CloudKitClient(
            session: session, store: sessionStore, requests: configuration.requests, transport: transport, clock: clock)
        return try SyncError.readingAnswer {
            try CallerIdentity(body: try client.send(.caller, database: .public).body)
        }
    }

    private func decideDatabase(_ client: CloudKitClient) throws -> CloudKitDatabase {
        switch configuration.settings.database {
        case .private: return .private
        case .shared: return .shared
        case .auto:
            let zones = try SyncError.readingAnswer {
                try ZoneList(body: try client.send(.zonesList, database: .private).body)
            }
            if zones.zoneIDs.contains(where: { $0.zoneName == configuration.zone }) { return .private }
            // Neither the family's own nor one shared with this Apple ID: said now, at sign-in,
            // and not first by the sync after it.
            let shared = try SyncError.readingAnswer {
                try ZoneList(body: try client.send(.zonesList, database: .shared).body)
            }
            guard shared.zoneIDs.contains(where: { $0.zoneName == configuration.zone }) else {
                throw SyncError(
                    .noFamily(zone: configuration.zone, environment: configuration.settings.environment.rawValue))
            }
            return .shared
        }
    }

    /// During sign-in the rotated tokens are kept in memory; the session is saved at the end.
    private func makeClient(token: WebAuthToken?) -> CloudKitClient {
        CloudKitClient(
            requests: configuration.requests, transport: transport, clock: clock, token: token, keepToken: { _ in })
    }
}
