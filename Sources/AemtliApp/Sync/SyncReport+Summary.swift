import AemtliSync

extension SyncReport {
    /// The line `aemtli sync` prints after a run, and `serve` after a sync that changed something.
    public func summary(store: String) -> String {
        guard !unchanged else { return "Synced \(store): nothing changed since the last sync." }
        let kind = fullFetch ? "every record fetched" : "changes fetched"
        let pages = self.pages == 1 ? "1 page" : "\(self.pages) pages"
        let records = self.records == 1 ? "1 record" : "\(self.records) records"
        let ticks =
            journalEvents == 0
            ? ""
            : journalEvents == 1
                ? ", 1 tick added to the history" : ", \(journalEvents) ticks added to the history"
        return "Synced \(store): \(kind), \(pages), \(records)\(ticks)."
    }
}
