/// Where renderers put finished files, as soon as each is done, so a large build need not hold
/// all of its output in memory. May be called from several threads at once.
public protocol OutputSink: AnyObject {
    /// Takes the file at `path` (relative to the output folder).
    func put(_ path: String, _ bytes: [UInt8]) throws
}
