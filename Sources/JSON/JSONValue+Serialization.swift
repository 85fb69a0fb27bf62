extension JSONValue {
    /// The value as JSON text with object keys sorted, so equal values always give equal bytes.
    /// `pretty` indents by two spaces and ends without a trailing newline.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, written into one buffer (large documents such as an agenda of
    /// many chores are written this way without building strings).
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output += Array("null".utf8)
        case .bool(let value): output += Array((value ? "true" : "false").utf8)
        case .integer(let value): output += Array(String(value).utf8)
        case .double(let value): output += Array(JSONValue.format(value).utf8)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += [0x5B, 0x5D]
                return
            }
            output.append(0x5B)
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(0x2C) }
                if pretty { newline(&output, indent + 2) }
                element.write(to: &output, pretty: pretty, indent: indent + 2)
            }
            if pretty { newline(&output, indent) }
            output.append(0x5D)
        case .object(let members):
            guard !members.isEmpty else {
                output += [0x7B, 0x7D]
                return
            }
            output.append(0x7B)
            for (position, member) in members.sortedMembers.enumerated() {
                if position > 0 { output.append(0x2C) }
                if pretty { newline(&output, indent + 2) }
                JSONValue.writeString(member.key, to: &output)
                output.append(0x3A)
                if pretty { output.append(0x20) }
                member.value.write(to: &output, pretty: pretty, indent: indent + 2)
            }
            if pretty { newline(&output, indent) }
            output.append(0x7D)
        }
    }

    private func newline(_ output: inout [UInt8], _ indent: Int) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: indent))
    }

    private static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Appends `value` as a JSON string literal, for writers that build JSON directly as bytes.
    public static func appendQuoted(_ value: String, to output: inout [UInt8]) {
        writeString(value, to: &output)
    }

    /// A string literal: quotes, backslashes, control characters and U+2028/U+2029 escaped; text
    /// without any of them is copied as it is.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(0x22)
        let start = output.count
        output.append(contentsOf: value.utf8)
        var index = start
        var needsEscaping = false
        while index < output.count {
            let byte = output[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C
                || (byte == 0xE2 && index + 2 < output.count && output[index + 1] == 0x80
                    && (output[index + 2] == 0xA8 || output[index + 2] == 0xA9))
            {
                needsEscaping = true
                break
            }
            index += 1
        }
        if needsEscaping {
            output.removeSubrange(start...)
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": output += [0x5C, 0x22]
                case "\\": output += [0x5C, 0x5C]
                case "\n": output += [0x5C, 0x6E]
                case "\r": output += [0x5C, 0x72]
                case "\t": output += [0x5C, 0x74]
                case let control where control.value < 0x20 || control.value == 0x2028 || control.value == 0x2029:
                    let hex = String(control.value, radix: 16)
                    output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                default: output.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        output.append(0x22)
    }
}
