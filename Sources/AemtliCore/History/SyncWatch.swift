/// When syncs were watching the store (README "History and streaks"): from the first sync to the
/// last, except across a gap between two syncs longer than the period asked about.
struct SyncWatch: Sendable {
    /// Gaps shorter than this are never longer than a period (a day lasts at least 22 hours even
    /// across a change of offset), so only the longer ones are kept.
    static let shortestPeriod: Int64 = 12 * 3_600_000

    let first: Int64?
    let last: Int64?
    /// Gaps between consecutive syncs longer than `shortestPeriod`, in order.
    private let longGaps: [(from: Int64, to: Int64)]

    /// `syncs` ascending.
    init(syncs: [Int64]) {
        first = syncs.first
        last = syncs.last
        var gaps: [(Int64, Int64)] = []
        // Wrapping arithmetic: the reader keeps sync times within 1900–2999, but a difference must
        // never trap whatever a caller passes.
        for (from, to) in zip(syncs, syncs.dropFirst()) where to &- from > Self.shortestPeriod {
            gaps.append((from, to))
        }
        longGaps = gaps
    }

    /// True when a sync ran at or before `start`, one at or after `end`, and no gap between two
    /// syncs that overlaps `[start, end)` is longer than `end - start`.
    func watched(from start: Int64, to end: Int64) -> Bool {
        guard let first, let last, first <= start, last >= end else { return false }
        var index = longGaps.partitionPoint { $0.to > start }
        while index < longGaps.count, longGaps[index].from < end {
            if longGaps[index].to - longGaps[index].from > end - start { return false }
            index += 1
        }
        return true
    }
}
