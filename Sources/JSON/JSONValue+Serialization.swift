extension JSONValue {
    /// The value as JSON text with object keys sorted, so equal values always give equal bytes.
    /// `pretty` indents by two spaces and ends without a trailing newline.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value): output += JSONValue.format(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: " ", count: indent + 2) }
                element.write(to: &output, pretty: pretty, indent: indent + 2)
            }
            if pretty { output += "\n" + String(repeating: " ", count: indent) }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (position, member) in members.sortedMembers.enumerated() {
                if position > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: " ", count: indent + 2) }
                JSONValue.writeString(member.key, to: &output)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, indent: indent + 2)
            }
            if pretty { output += "\n" + String(repeating: " ", count: indent) }
            output += "}"
        }
    }

    private static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20 || control.value == 0x2028 || control.value == 0x2029:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
