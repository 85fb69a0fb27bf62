import AemtliCore

/// The marks of one week of one chore's grid, a mark or none for each of its seven days, packed
/// in one word: a year's journal of 20 000 chores makes 160 000 of them for the member pages,
/// which then tell alike weeks apart by a number rather than by an array.
public struct WeekMarks: Hashable, RandomAccessCollection, Sendable {
    /// Three bits per day, day 0 lowest: 0 for no mark, else the mark's code.
    private var packed: UInt32 = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { 7 }

    public subscript(day: Int) -> HistoryMark? {
        get {
            precondition((0..<7).contains(day), "a week has seven days")
            switch packed >> (3 * UInt32(day)) & 7 {
            case 1: return .done
            case 2: return .late
            case 3: return .missed
            case 4: return .unknown
            case 5: return .open
            default: return nil
            }
        }
        set {
            precondition((0..<7).contains(day), "a week has seven days")
            let code: UInt32
            switch newValue {
            case .done?: code = 1
            case .late?: code = 2
            case .missed?: code = 3
            case .unknown?: code = 4
            case .open?: code = 5
            case nil: code = 0
            }
            packed = packed & ~(7 << (3 * UInt32(day))) | code << (3 * UInt32(day))
        }
    }

    /// The marks in order with the empty days left out, packed from the first day: two weeks with
    /// the same marks on other days give the same `compacted` (a grid's cell shows only the marks).
    public var compacted: WeekMarks {
        var result = WeekMarks()
        var next = 0
        for case let mark? in self {
            result[next] = mark
            next += 1
        }
        return result
    }
}
