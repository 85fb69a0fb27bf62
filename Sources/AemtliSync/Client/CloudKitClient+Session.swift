import CloudKitWeb

extension CloudKitClient {
    /// A client for `session`'s requests that saves each rotated token into `store` before the
    /// next request is sent.
    convenience init(
        session: Session, store: SessionStore, requests: RequestBuilder, transport: CloudKitTransport, clock: SyncClock
    ) {
        var kept = session
        self.init(
            requests: requests, transport: transport, clock: clock, token: session.token,
            keepToken: { token in
                kept.token = token
                try store.save(kept)
            })
    }
}
