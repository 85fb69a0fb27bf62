import Foundation

/// Where a command's text goes: a real stream, or a buffer in tests.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
}

/// Text written straight to a file handle (stdout, stderr).
public final class FileHandleOutput: TextOutput {
    private let handle: FileHandle

    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    public func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}

/// Text kept in memory, for tests that run commands in-process.
public final class BufferOutput: TextOutput {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}
