import Digest

/// A newly paired device and the value of its `aemtli_device` cookie: 256 bits from the system's
/// secure random source, base64url. The value exists only here, on its way to the device; aemtli
/// keeps its SHA-256 (the value is random and long, so a fast hash gives nothing away).
public struct DeviceCookie: Sendable {
    public static let name = "aemtli_device"

    public let device: PairedDevice
    /// The secret: for the `Set-Cookie` header alone, never for a log or a message.
    public let value: String

    init(device: PairedDevice, value: String) {
        self.device = device
        self.value = value
    }

    static func newValue() -> String {
        SecureRandom.base64URL(bytes: 32)
    }

    /// What the devices file keeps of a cookie's value.
    static func hash(_ value: String) -> String {
        ByteText.base64URL(SHA256.digest(Array(value.utf8)))
    }
}
