import Foundation

extension Date {
    /// The farthest instant, in milliseconds either side of 1970, that conversions work with:
    /// about 35 000 years. Records never come near it (their times lie in 1900–2999); a clock or
    /// `--now` beyond it is taken as this far, so the arithmetic on wall-clock times cannot overflow.
    static let millisLimit: Int64 = 1 << 50

    /// The instant `millis` milliseconds after 1970-01-01T00:00:00Z (CloudKit's TIMESTAMP).
    public init(millis: Int64) {
        self.init(timeIntervalSince1970: Double(millis) / 1000)
    }

    /// Milliseconds since 1970, rounded, held within ±`millisLimit` (NaN is 1970): the one
    /// conversion every file and every computation of aemtli uses.
    public var millis: Int64 {
        let millis = (timeIntervalSince1970 * 1000).rounded()
        guard !millis.isNaN else { return 0 }
        return Int64(Swift.max(-Double(Self.millisLimit), Swift.min(Double(Self.millisLimit), millis)))
    }
}
