import Digest
import Foundation
import JSON

/// The one pairing code waiting to be entered at `/_aemtli/pair`, in `STATE/pairing-code`: six
/// digits from the system's secure random source, for 10 minutes and one use, void after five
/// wrong tries from anyone (the LAN may guess). The file keeps only the code's salted hash, with
/// the name the device will get, when the code ends and how many wrong tries it has had:
///
///     {"device": "kitchen", "expiresAt": "…Z", "salt": "BASE64URL", "hash": "BASE64URL", "wrongTries": 0}
///
/// A new code replaces the one before.
public struct PairingCode: Sendable {
    public static let lifetime: TimeInterval = 10 * 60
    public static let allowedWrongTries = 5
    static let fileName = "pairing-code"

    public let folder: TickStateFolder

    public init(folder: TickStateFolder) {
        self.folder = folder
    }

    /// A new code for a device to be called `deviceName`; the caller shows it once and forgets it.
    public func create(deviceName: String, now: Date) throws -> String {
        let code = SecureRandom.digits(6)
        let salt = SecureRandom.bytes(16)
        let document = Pending(
            device: deviceName, expiresAt: now + Self.lifetime, salt: salt, hash: Self.hash(code, salt: salt),
            wrongTries: 0
        ).json
        try folder.locked { try folder.write(document, to: Self.fileName) }
        return code
    }

    /// Pairs the device when `code` is the waiting one: the code is used up, and the device and
    /// its cookie's hash go into the devices file. A wrong code counts against the code for
    /// everyone; the fifth voids it. Throws only when a file cannot be read or written.
    public func redeem(code: String, now: Date) throws -> Result<DeviceCookie, PairingRefusal> {
        try folder.locked {
            guard let pending = try pending() else { return .failure(.noCode) }
            guard now < pending.expiresAt else {
                try folder.remove(Self.fileName)
                return .failure(.expired)
            }
            let given = Array(Self.hash(code, salt: pending.salt).utf8)
            guard HMACSHA256.equalInConstantTime(given, Array(pending.hash.utf8)) else {
                let wrong = pending.wrongTries + 1
                guard wrong < Self.allowedWrongTries else {
                    try folder.remove(Self.fileName)
                    return .failure(.voided)
                }
                var counted = pending
                counted.wrongTries = wrong
                try folder.write(counted.json, to: Self.fileName)
                return .failure(.wrong(triesLeft: Self.allowedWrongTries - wrong))
            }
            let cookie = try DeviceStore(folder: folder).add(name: pending.device, now: now)
            try folder.remove(Self.fileName)
            return .success(cookie)
        }
    }

    private struct Pending {
        var device: String
        var expiresAt: Date
        var salt: [UInt8]
        var hash: String
        var wrongTries: Int

        var json: JSONValue {
            .object([
                "device": .string(device), "expiresAt": .string(TickStateFolder.text(expiresAt)),
                "salt": .string(ByteText.base64URL(salt)), "hash": .string(hash),
                "wrongTries": .integer(Int64(wrongTries)),
            ])
        }
    }

    private func pending() throws -> Pending? {
        guard let document = try folder.read(Self.fileName) else { return nil }
        guard let device = document["device"]?.stringValue,
            let expiresAt = TickStateFolder.date(document["expiresAt"]),
            let salt = document["salt"]?.stringValue.flatMap(ByteText.bytes(base64URL:)),
            let hash = document["hash"]?.stringValue, let wrongTries = document["wrongTries"]?.integerValue
        else {
            throw TickError(
                .cannotRead(path: folder.file(Self.fileName), detail: "it is not a pairing file aemtli wrote"))
        }
        return Pending(
            device: device, expiresAt: expiresAt, salt: salt, hash: hash,
            wrongTries: Int(wrongTries))
    }

    /// HMAC-SHA-256 keyed by a random salt: the file alone does not show the code at a glance.
    /// (A million codes are quickly tried against it; the file is the user's alone, and the code
    /// lives 10 minutes.)
    private static func hash(_ code: String, salt: [UInt8]) -> String {
        ByteText.base64URL(HMACSHA256(key: salt).authenticate(Array(code.utf8)))
    }
}
