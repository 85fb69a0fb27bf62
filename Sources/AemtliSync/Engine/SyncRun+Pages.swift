import CloudKitWeb
import JSON

extension SyncRun {
    static let resultsLimit = 200
    static let pageLimit = 10_000

    /// Fetches from the stored token (or resumes or starts a full fetch); a stale token leads to
    /// one full fetch in the same run, and only a second stale answer ends it (76).
    func fetch(full: Bool) throws {
        let resumable = !state.complete && state.generation > 0 && !removeAfterCommit.contains(state.generation)
        if full || !(state.fetchesChangesOnly || resumable) { try startFullFetch() }
        var restarted = false
        while true {
            do {
                try fetchPages()
                return
            } catch let error as SyncError {
                guard case .staleSyncToken = error.reason, !restarted else { throw error }
                restarted = true
                try startFullFetch()
            }
        }
    }

    /// A new generation; the complete one stays (as `replaces`) until the new one is whole, and
    /// an unfinished one is dropped once the next state no longer names it.
    func startFullFetch() throws {
        let next = nextGeneration()
        if state.generation > 0 {
            if state.complete { state.replaces = state.generation } else { removeAfterCommit.append(state.generation) }
        }
        state.generation = next
        state.lastPage = 0
        state.zoneSyncToken = nil
        state.complete = false
        seenInFullFetch = []
        known.generationEntries = 0
        report.fullFetch = true
    }

    private func fetchPages() throws {
        guard let zoneID = state.zoneID else { throw zoneNotFound }
        var sameToken = 0
        var askedAfterNull = false
        while true {
            if report.pages >= Self.pageLimit { throw SyncError(.tooManyPages(limit: Self.pageLimit)) }
            let sent = state.zoneSyncToken
            let client = try requireClient()
            let reply = try client.send(
                .zoneChanges(zoneID: zoneID, syncToken: sent, resultsLimit: Self.resultsLimit), database: database)
            let changes = try SyncError.readingAnswer { try ZoneChanges(body: reply.body, zoneName: zoneName) }
            switch changes {
            case .failure(_, let error):
                if error.serverErrorCode == "ZONE_NOT_FOUND" { throw ZoneMissing() }
                let detail = client.detail(status: 200, error: error)
                throw SyncError(
                    sent != nil ? .staleSyncToken(detail) : .unexpectedResponse(operation: "changes/zone", detail))
            case .page(_, let token, let moreComing, let records):
                guard let token else { throw SyncError(.unusableAnswer("a changes/zone page has no syncToken.")) }
                // moreComing null: ask once more; an empty answer to that ends the fetch.
                let ends = moreComing == false || (moreComing == nil && askedAfterNull && records.isEmpty)
                if token == sent && !ends {
                    sameToken += 1
                    if sameToken >= 3 { throw SyncError(.stuckFeed(zone: zoneName)) }
                } else {
                    sameToken = 0
                }
                if !(token == sent && records.isEmpty && !ends) {
                    try commitPage(reply.bytes, records: records, token: token, ends: ends)
                }
                if ends { return }
                askedAfterNull = moreComing == nil
            }
        }
    }

    /// One page's commit, in this order: the page file, its journal lines, then the state that
    /// points past both (each durable before the next). Generations the state stops naming are
    /// deleted after it.
    private func commitPage(_ bytes: [UInt8], records: [JSONValue], token: String, ends: Bool) throws {
        state.lastPage += 1
        try pages.writePage(bytes, number: state.lastPage, generation: state.generation)
        let applied = known.apply(records)
        if !state.complete { seenInFullFetch.formUnion(applied.names) }
        var skipped = Set(state.skipped)
        skipped.subtract(applied.names)
        skipped.formUnion(applied.errors)
        state.skipped = skipped.sorted()
        let events = state.baselineDone ? applied.flips.compactMap(journal.event) : []
        if !events.isEmpty {
            state.journalLength = try journal.append(events)
            report.journalEvents += events.count
        }
        state.zoneSyncToken = token
        var remove = removeAfterCommit
        if ends && !state.complete {
            state.complete = true
            state.baselineDone = true
            if let replaced = state.replaces { remove.append(replaced) }
            state.replaces = nil
            known.keepOnly(seenInFullFetch)
        }
        try pages.writeState(state)
        removeAfterCommit = []
        for generation in remove where generation != state.generation { try pages.removeGeneration(generation) }
        report.pages += 1
        report.records += records.count
        engine.progress(SyncProgress(pages: report.pages, records: report.records))
    }

    /// Replaces a complete generation whose pages far outgrew its live records by one snapshot.
    func compactIfDue() throws {
        guard state.complete, state.generation > 0, let token = state.zoneSyncToken, let zoneID = state.zoneID else {
            return
        }
        let count = pages.pages(in: state.generation).count
        guard engine.compaction.isDue(pages: count, entries: known.generationEntries, live: known.liveCount) else {
            return
        }
        let bytes = try Compactor(pages: pages).snapshot(of: state.generation, zoneID: zoneID.raw, syncToken: token)
        let old = state.generation
        let next = nextGeneration()
        try pages.writePage(bytes, number: 1, generation: next)
        state.generation = next
        state.lastPage = 1
        try pages.writeState(state)
        try pages.removeGeneration(old)
        known.generationEntries = known.liveCount
        report.compacted = true
    }

    /// A generation number no folder, state or pending removal has used: one past the highest.
    private func nextGeneration() -> Int {
        let listed = pages.list(engine.layout.cloudkit).compactMap {
            StoreLayout.number(in: $0, prefix: "g", suffix: "")
        }
        return ((listed + [state.generation, state.replaces ?? 0] + removeAfterCommit).max() ?? 0) + 1
    }
}
