/// One input of the store: a name to report problems against (usually a file path) and its bytes.
/// Core never touches the file system; the caller reads the files, in the order SPEC §2 gives.
public struct StoreSource: Sendable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
