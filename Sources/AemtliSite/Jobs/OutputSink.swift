/// Where renderers put finished files, as soon as each is done, so a large build need not hold
/// all of its output in memory. May be called from several threads at once.
public protocol OutputSink: AnyObject {
    /// Takes the file at `path` (relative to the output folder).
    func put(_ path: String, _ bytes: [UInt8]) throws
    /// Takes the file at `path`, unless the file there now is as good as `bytes` by `same` (a live
    /// page differing only in its `SyncStamp`): then that file stays as it is.
    func put(_ path: String, _ bytes: [UInt8], keepingIf same: ([UInt8]) -> Bool) throws
}

extension OutputSink {
    /// A sink that keeps nothing from before takes the file as it is.
    public func put(_ path: String, _ bytes: [UInt8], keepingIf same: ([UInt8]) -> Bool) throws {
        try put(path, bytes)
    }
}
