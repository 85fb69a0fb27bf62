import CloudKitWeb
import Foundation

extension SyncEngine {
    /// The one client for `session`'s requests in a run (a sync, a write or push's registration):
    /// it saves each rotated token into the session file before the next request, and says a time
    /// to try again in the family's zone.
    func client(for session: Session) -> CloudKitClient {
        let client = CloudKitClient(
            session: session, store: sessionStore, requests: configuration.requests, transport: transport, clock: clock)
        let time = self.time
        client.showTime = { date in
            // To the next whole minute: "after 07:21" must not come before the time it stands for.
            let minute = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.up) * 60)
            let local = time.local(minute).description.replacingOccurrences(of: "T", with: " ")
            return "\(local) (\(time.zone.identifier))"
        }
        return client
    }
}
