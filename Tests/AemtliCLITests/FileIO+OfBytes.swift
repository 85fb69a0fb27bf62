@testable import AemtliCLI

extension FileIO {
    /// The machine's file system with nothing but `readBytes` to read by: the length, pieces and
    /// blocks `FileIO.init` makes of it, as every `FileIO` a test builds without them gets.
    static let ofBytes = FileIO(kind: FileIO.local.kind, readBytes: FileIO.local.readBytes, names: FileIO.local.names, writeBytes: FileIO.local.writeBytes)
}
