import Foundation

extension FamilyTime {
    /// `2026-03-25T10:00:15+01:00`: the instant as the family's clock read it, with the offset, so
    /// that a page's script shows the family's time whatever zone the device is set to. An offset
    /// with seconds (local mean time, long ago) cannot be written so: that instant is in UTC (`Z`).
    public func iso(_ instant: Date) -> String {
        let offset = self.offset(at: instant)
        guard offset % 60 == 0 else { return Self.text(FamilyTime.utcLocal(instant)) + "Z" }
        let minutes = abs(offset) / 60
        let sign = offset < 0 ? "-" : "+"
        return Self.text(local(instant)) + sign + Self.twoDigits(minutes / 60) + ":" + Self.twoDigits(minutes % 60)
    }

    /// `2026-03-25T10:00:15`.
    private static func text(_ local: LocalDateTime) -> String {
        let second = local.millisecondOfDay / 1000 % 60
        return "\(local.date)T" + [local.hour, local.minute, second].map(twoDigits).joined(separator: ":")
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
