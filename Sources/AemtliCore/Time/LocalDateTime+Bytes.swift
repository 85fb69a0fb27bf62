extension CivilDate {
    /// Appends `YYYY-MM-DD` (the `description`) as bytes, for writers of large outputs.
    public func appendText(to output: inout [UInt8]) {
        Digits.append(year, 4, to: &output)
        output.append(0x2D)
        Digits.append(month, 2, to: &output)
        output.append(0x2D)
        Digits.append(day, 2, to: &output)
    }
}

extension LocalDateTime {
    /// Appends `YYYY-MM-DDTHH:MM` (the `description`), and `:SS` when `seconds` is set.
    public func appendText(to output: inout [UInt8], seconds: Bool = false) {
        date.appendText(to: &output)
        output.append(0x54)
        Digits.append(hour, 2, to: &output)
        output.append(0x3A)
        Digits.append(minute, 2, to: &output)
        if seconds {
            output.append(0x3A)
            Digits.append(second, 2, to: &output)
        }
    }
}

enum Digits {
    /// `number` (0 or more) in exactly `width` digits, most significant first. Two and four
    /// digits, which dates and times use, divide by constants (multiplications, not divisions).
    static func append(_ number: Int, _ width: Int, to output: inout [UInt8]) {
        switch width {
        case 2:
            output.append(UInt8(truncatingIfNeeded: 48 + number / 10 % 10))
            output.append(UInt8(truncatingIfNeeded: 48 + number % 10))
        case 4:
            output.append(UInt8(truncatingIfNeeded: 48 + number / 1000 % 10))
            output.append(UInt8(truncatingIfNeeded: 48 + number / 100 % 10))
            output.append(UInt8(truncatingIfNeeded: 48 + number / 10 % 10))
            output.append(UInt8(truncatingIfNeeded: 48 + number % 10))
        default:
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                output.append(UInt8(truncatingIfNeeded: 48 + number / divisor % 10))
                divisor /= 10
            }
        }
    }
}
