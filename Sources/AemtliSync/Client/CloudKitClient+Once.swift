import CloudKitWeb
import JSON

extension CloudKitClient {
    /// Push's calls (CLOUDKIT.md §13), sent once: the body of a 2xx answer, else a `SyncError`,
    /// passing (no answer, 429, 503, 5xx) or not. Push only hastens syncs, so its registration never
    /// sits out CloudKit's retry times: the serve loop waiting on them would build nothing meanwhile;
    /// it tries again later instead.
    func sendOnce(_ operation: CloudKitOperation, database: CloudKitDatabase) throws -> JSONValue {
        guard let body = try write(operation, database: database) else {
            throw passingFailure("no answer to \(operation.path)", after: 60, hint: nil)
        }
        return body
    }
}
