/// How interpolated values are escaped; the caller chooses per render (HTML for pages, none for
/// plain-text reports).
public enum MustacheEscaping: Sendable {
    /// `& < > " '` become character references, and what HTML text cannot carry (C0 controls
    /// other than tab, line feed, form feed and carriage return; DEL and the C1 controls
    /// U+0080–U+009F; the noncharacters) becomes U+FFFD.
    case html
    /// Values are written as they are.
    case none
}

extension MustacheEscaping {
    /// What a byte asks of the HTML escaper: nothing (0), a character reference (1), U+FFFD (2),
    /// or a look at the bytes after it (3: it may start a C1 control or a noncharacter).
    private static let byteKinds: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27: return 1
        case 0x09, 0x0A, 0x0C, 0x0D: return 0
        case 0x00..<0x20, 0x7F: return 2
        case 0xC2, 0xEF, 0xF0...0xF4: return 3
        default: return 0
        }
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// `text` escaped, for the odd page made without a template (serve's pairing page).
    public func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` to `output`, escaped. Text with nothing to escape is copied in one go.
    func append(_ text: String, to output: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0, to: &output) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { append(utf8: $0, to: &output) }
        }
    }

    private func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard self == .html else {
            output.append(contentsOf: bytes)
            return
        }
        var start = 0
        var index = 0
        while index < bytes.count {
            let kind = Self.byteKinds[Int(bytes[index])]
            if kind == 0 {
                index += 1
                continue
            }
            let length = kind == 3 ? Self.forbiddenLength(bytes, at: index) : 1
            if length == 0 {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            switch bytes[index] {
            case 0x26: output.append(contentsOf: "&amp;".utf8)
            case 0x3C: output.append(contentsOf: "&lt;".utf8)
            case 0x3E: output.append(contentsOf: "&gt;".utf8)
            case 0x22: output.append(contentsOf: "&quot;".utf8)
            case 0x27: output.append(contentsOf: "&#39;".utf8)
            default: output.append(contentsOf: Self.replacement)
            }
            index += length
            start = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// The length of the C1 control or noncharacter whose UTF-8 starts at `index`, or 0.
    private static func forbiddenLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let rest = bytes.count - index
        switch bytes[index] {
        case 0xC2:
            // U+0080–U+009F.
            return rest >= 2 && bytes[index + 1] <= 0x9F ? 2 : 0
        case 0xEF:
            // U+FDD0–U+FDEF, U+FFFE, U+FFFF.
            guard rest >= 3 else { return 0 }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            return (second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE) ? 3 : 0
        default:
            // U+1FFFE, U+1FFFF, … U+10FFFF: the last two code points of planes 1 to 16.
            guard rest >= 4 else { return 0 }
            return bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE ? 4 : 0
        }
    }
}
