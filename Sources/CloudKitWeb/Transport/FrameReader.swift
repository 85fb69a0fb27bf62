/// Reads an `ExchangeFrame`: lines up to a line break, each bounded and UTF-8, then counted bytes.
struct FrameReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// The number of the line read last, for errors.
    private(set) var lineNumber = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { offset == bytes.count }

    mutating func line() throws -> String {
        lineNumber += 1
        let end = min(bytes.count, offset + ExchangeFrame.lineLimit + 1)
        guard let newline = bytes[offset..<end].firstIndex(of: 0x0A) else {
            throw FrameError(end == bytes.count ? .truncated : .lineTooLong(lineNumber))
        }
        let line = bytes[offset..<newline]
        // Decoded and compared back: bytes that are not UTF-8 would come out changed.
        let text = String(decoding: line, as: UTF8.self)
        guard text.utf8.elementsEqual(line), !line.contains(0x0D) else {
            throw FrameError(.malformedLine(lineNumber))
        }
        offset = newline + 1
        return text
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard bytes.count - offset >= count else { throw FrameError(.truncated) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}
