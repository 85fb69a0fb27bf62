import AemtliCore
import Foundation

/// Instants as the sync files write them: UTC `YYYY-MM-DDTHH:MM:SSZ`, read back with Core's parser.
/// `package`: serve's tick state files beside the session write their times the same way.
package enum Timestamp {
    package static func text(_ date: Date) -> String {
        let local = FamilyTime.utcLocal(date)
        let second = local.second < 10 ? "0\(local.second)" : "\(local.second)"
        return "\(local):\(second)Z"
    }

    package static func date(_ text: String?) -> Date? {
        guard let text, let millis = ISODateTime.instantMillis(text) else { return nil }
        return Date(millis: millis)
    }
}
