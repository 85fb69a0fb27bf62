import JSON

/// What one element of a source means for the merge, in source order.
package enum StoreEntry {
    case record(RawRecord)
    case tombstone(recordName: String)
}
