import CloudKitWeb
import Foundation

extension SyncEngine {
    /// Push's registration (SPEC §9 "Push", CLOUDKIT.md §13.1–13.2), through the sync's client and
    /// under the store's lock, so that its calls take their turn with the sync's and the web token
    /// that rotates on their answers is kept the same way: `subscriptions/list` first, and a
    /// `create` only when our subscription is not there (creating one ID twice succeeds silently,
    /// so listing is what keeps a restart from making a second); then the kept long-poll address
    /// when it is still good for this session, else a new one from `tokens/create`. `renew` asks for
    /// a new address whatever is kept (after a 404, or a long poll that keeps failing).
    ///
    /// The owner subscribes to the zone in the private database (`aemtli-<zone>`), a participant to
    /// the shared database (`aemtli-shared`). Each call is sent once: a failure throws `SyncError`
    /// (77 when the session has ended, 75 for a passing one, 76 for a refusal).
    public func registerForPush(renew: Bool = false) throws -> PushRegistration {
        try withPushCalls { session, client, subscription, listed in
            try register(session: session, client: client, subscription: subscription, listed: listed, renew: renew)
        }
    }

    private func register(
        session: Session, client: CloudKitClient, subscription: PushSubscription, listed: SubscriptionList, renew: Bool
    ) throws -> PushRegistration {
        let database = session.database
        var created = false
        if !listed.ids.contains(subscription.id) {
            let answer = try client.sendOnce(.createSubscription(subscription), database: database)
            switch SubscriptionModification(answer: answer) {
            case .saved?: created = true
            case .failed(let code, let reason)?:
                throw SyncError(
                    .unusableAnswer(
                        "subscriptions/modify refused the subscription \(subscription.id) with \(code) (\(reason ?? "no reason"))"
                    ))
            case nil: throw SyncError(.unusableAnswer("subscriptions/modify answered without a subscription"))
            }
        }

        let now = clock.now()
        let addresses = pushAddresses
        let kept = try addresses.load()
        if let kept, !renew, kept.userRecordName == session.userRecordName, kept.signedInAt == session.signedInAt,
            now < kept.renewAt
        {
            return PushRegistration(
                address: kept.address, renewAt: kept.renewAt, subscriptionID: subscription.id,
                createdSubscription: created, newAddress: false, signedInAt: session.signedInAt)
        }
        let clientID = kept?.clientID ?? addresses.clientID() ?? UUID().uuidString.lowercased()
        let answer = try client.sendOnce(
            .createPushToken(clientID: clientID, environment: configuration.settings.environment), database: database)
        let address = try SyncError.readingAnswer { try LongPollAddress(tokenAnswer: answer) }
        let fresh = PushAddressStore.Kept(
            clientID: clientID, userRecordName: session.userRecordName, signedInAt: session.signedInAt,
            address: address, createdAt: now)
        try addresses.save(fresh)
        return PushRegistration(
            address: address, renewAt: fresh.renewAt, subscriptionID: subscription.id, createdSubscription: created,
            newAddress: true, signedInAt: session.signedInAt)
    }

    /// Deletes this Apple ID's push subscription in iCloud (`sync logout --unsubscribe`), through the
    /// sync's client and lock; false when it was not there. Any serve on the same Apple ID then
    /// hears of nothing until it registers again.
    public func removePushSubscription() throws -> Bool {
        try withPushCalls { session, client, subscription, listed in
            try remove(subscription, session: session, client: client, listed: listed)
        }
    }

    private func remove(
        _ subscription: PushSubscription, session: Session, client: CloudKitClient, listed: SubscriptionList
    ) throws -> Bool {
        guard listed.ids.contains(subscription.id) else { return false }
        let answer = try client.sendOnce(.deleteSubscription(id: subscription.id), database: session.database)
        switch SubscriptionModification(answer: answer) {
        case .saved?, .failed("NOT_FOUND", _)?: return true
        case .failed(let code, let reason)?:
            throw SyncError(
                .unusableAnswer(
                    "subscriptions/modify refused to delete the subscription \(subscription.id) with \(code) (\(reason ?? "no reason"))"
                ))
        case nil: throw SyncError(.unusableAnswer("subscriptions/modify answered without a subscription"))
        }
    }

    /// Where the long-poll address is kept: beside the session.
    public var pushAddresses: PushAddressStore {
        PushAddressStore(
            folder: sessionStore.folder, container: configuration.settings.container,
            environment: configuration.settings.environment)
    }

    /// `body` under the store's lock with the session's client, our subscription and the
    /// subscriptions `subscriptions/list` names in the session's database.
    private func withPushCalls<Value>(
        _ body: (Session, CloudKitClient, PushSubscription, SubscriptionList) throws -> Value
    ) throws -> Value {
        try holdingStore { _ in
            guard let session = try sessionStore.load() else { throw SyncError(.notSignedIn) }
            let client = client(for: session)
            let subscription = try pushSubscription(database: session.database)
            let listed = try SyncError.readingAnswer {
                try SubscriptionList(body: client.sendOnce(.subscriptionsList, database: session.database))
            }
            return try body(session, client, subscription, listed)
        }
    }

    /// The owner's zone subscription, to the zone as the last sync got its id from CloudKit (or
    /// by name before the first); a participant's database subscription.
    private func pushSubscription(database: CloudKitDatabase) throws -> PushSubscription {
        guard database == .private else { return .sharedDatabase }
        let state = try SyncState.load(from: layout.state)
        let known = state.flatMap { $0.database == .private && $0.zoneName == configuration.zone ? $0.zoneID : nil }
        return .zone(known ?? ZoneID(zoneName: configuration.zone))
    }
}
