/// Why bytes are not a TZif file this reader understands, and where in them it saw so.
public struct TZifError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case notTZif
        case unsupportedVersion(UInt8)
        /// The file ends before the data its header announces.
        case truncated
        /// A count in the header is impossible (no local time types, too many entries).
        case invalidCount(String)
        case transitionsOutOfOrder
        case typeIndexOutOfRange(Int)
        case invalidOffset(Int64)
        case invalidDaylightFlag(UInt8)
        case abbreviationOutOfRange(Int)
        /// The footer is not a newline, a POSIX TZ rule and a newline.
        case invalidFooter(String)
    }

    public var reason: Reason
    /// The byte offset in the file where the problem is.
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        "byte \(offset): "
            + {
                switch reason {
                case .notTZif: return "it does not start with \"TZif\", so it is not a zone file"
                case .unsupportedVersion(let byte): return "version byte \(byte) is not one of the TZif versions 1 to 4"
                case .truncated: return "the file ends before the data its header announces"
                case .invalidCount(let name): return "the header's count of \(name) is impossible"
                case .transitionsOutOfOrder: return "the transition times are not in ascending order"
                case .typeIndexOutOfRange(let index):
                    return "a transition names local time type \(index), which the file does not have"
                case .invalidOffset(let value): return "\(value) is not a possible UTC offset"
                case .invalidDaylightFlag(let value): return "the daylight flag is \(value), not 0 or 1"
                case .abbreviationOutOfRange(let index):
                    return "abbreviation index \(index) is outside the abbreviations"
                case .invalidFooter(let text): return "the footer \"\(text)\" is not a POSIX TZ rule"
                }
            }()
    }
}
