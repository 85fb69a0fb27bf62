/// How interpolated values are escaped; the caller chooses per render (HTML for pages, none for
/// plain-text reports).
public enum MustacheEscaping: Sendable {
    /// `& < > " '` become character references.
    case html
    /// Values are written as they are.
    case none
}

extension MustacheEscaping {
    private static let needsEscape: [Bool] = (0..<256).map { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }

    /// Appends `text` to `output`, escaped. Text with nothing to escape is copied in one go.
    func append(_ text: String, to output: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0, to: &output) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { append(utf8: $0, to: &output) }
        }
    }

    private func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        do {
            guard self == .html else {
                output.append(contentsOf: bytes)
                return
            }
            var start = 0
            for index in 0..<bytes.count where Self.needsEscape[Int(bytes[index])] {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch bytes[index] {
                case 0x26: output.append(contentsOf: "&amp;".utf8)
                case 0x3C: output.append(contentsOf: "&lt;".utf8)
                case 0x3E: output.append(contentsOf: "&gt;".utf8)
                case 0x22: output.append(contentsOf: "&quot;".utf8)
                default: output.append(contentsOf: "&#39;".utf8)
                }
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
    }
}
