import AemtliCore
import Digest
import Foundation
import JSON

/// Parents' PINs (`aemtli serve pin`), in `STATE/parent-pins`, each as a random salt and its
/// PBKDF2-HMAC-SHA-256 hash, by member id (a slug may change with a name, the id does not):
///
///     {"pins": {"MEMBER-ID": {"salt": "BASE64URL", "rounds": 100000, "hash": "BASE64URL"}}}
///
/// and each device's wrong PINs in `STATE/pin-tries`: five lock its PIN entry for 10 minutes.
///
///     {"devices": {"kitchen": {"wrongTries": 2, "lockedUntil": "…Z"}}}
///
/// Both are read at every check, so a PIN set while `serve` runs counts at the next request.
public struct ParentPins: Sendable {
    /// PBKDF2's rounds for a new PIN: about 0.3 s on a small machine, which a kitchen does not
    /// notice and which slows a guesser holding the file. The file keeps each PIN's own count.
    public static let standardRounds = 100_000
    public static let allowedWrongTries = 5
    public static let lockDuration: TimeInterval = 10 * 60
    static let pinsFile = "parent-pins"
    static let triesFile = "pin-tries"

    public let folder: TickStateFolder
    /// The rounds for PINs set from now on (tests use fewer: a debug build is 20 times slower).
    public let rounds: Int

    public init(folder: TickStateFolder, rounds: Int = ParentPins.standardRounds) {
        self.folder = folder
        self.rounds = rounds
    }

    /// Sets (or replaces) the PIN of `member`; the caller has checked that it is a parent's and
    /// a PIN (`PINRule.isPIN`).
    public func set(pin: String, for member: FamilyMember) throws {
        precondition(PINRule.isPIN(pin), "only a PIN is kept as one")
        let salt = SecureRandom.bytes(16)
        let hash = Self.hash(pin, salt: salt, rounds: rounds)
        try folder.locked {
            var pins = try storedPins()
            pins[member.id] = Stored(salt: salt, rounds: rounds, hash: hash)
            let members = pins.keys.sorted().map { id -> JSONObject.Member in
                let stored = pins[id]!
                return .init(
                    key: id,
                    value: .object([
                        "salt": .string(ByteText.base64URL(stored.salt)),
                        "rounds": .integer(Int64(stored.rounds)),
                        "hash": .string(ByteText.base64URL(stored.hash)),
                    ]))
            }
            try folder.write(.object(["pins": .object(JSONObject(members: members))]), to: Self.pinsFile)
        }
    }

    /// Checks `pin` as the PIN of the parent `member`, entered on `device` (its name).
    public func check(pin: String, member: FamilyMember, device: String, now: Date) throws -> PINCheck {
        try check(pin: pin, parents: [member], device: device, now: now)
    }

    /// Checks `pin` as the PIN of any of `parents` (those who are no parent are left out: a PIN set
    /// before a member became a child no longer counts), entered on `device`. A wrong PIN counts
    /// against the device; the fifth locks it for `lockDuration`, and a right one clears the count.
    /// A text that is no PIN (`PINRule`) is never compared, and counts as a wrong one: PBKDF2
    /// would take "4821\0" for "4821", and a guesser gets no free tries.
    public func check(pin: String, parents: [FamilyMember], device: String, now: Date) throws -> PINCheck {
        try folder.locked {
            var tries = try storedTries()
            var entry = tries[device] ?? Tries(wrongTries: 0, lockedUntil: nil)
            if let until = entry.lockedUntil {
                if now < until { return .locked(until: until) }
                entry = Tries(wrongTries: 0, lockedUntil: nil)
            }
            let pins = try storedPins()
            let candidates = parents.filter { $0.role == .parent }.compactMap { member in
                pins[member.id].map { (member, $0) }
            }
            guard !candidates.isEmpty else { return .noPIN }
            // Every candidate is hashed, also after a match, so the time taken does not say whose PIN it was.
            // A text that is no PIN is hashed against none: it is a wrong one.
            var match: FamilyMember?
            for (member, stored) in PINRule.isPIN(pin) ? candidates : [] {
                let hash = Self.hash(pin, salt: stored.salt, rounds: stored.rounds)
                if HMACSHA256.equalInConstantTime(hash, stored.hash) { match = match ?? member }
            }
            if let match {
                tries[device] = nil
                try save(tries)
                return .accepted(memberID: match.id)
            }
            entry.wrongTries += 1
            let result: PINCheck
            if entry.wrongTries >= Self.allowedWrongTries {
                entry = Tries(wrongTries: 0, lockedUntil: now + Self.lockDuration)
                result = .locked(until: now + Self.lockDuration)
            } else {
                result = .wrong(triesLeft: Self.allowedWrongTries - entry.wrongTries)
            }
            tries[device] = entry
            try save(tries)
            return result
        }
    }

    private struct Stored {
        var salt: [UInt8]
        var rounds: Int
        var hash: [UInt8]
    }

    private struct Tries {
        var wrongTries: Int
        var lockedUntil: Date?
    }

    private static func hash(_ pin: String, salt: [UInt8], rounds: Int) -> [UInt8] {
        PBKDF2.sha256(password: Array(pin.utf8), salt: salt, iterations: rounds, length: SHA256.digestSize)
    }

    private func storedPins() throws -> [String: Stored] {
        guard let document = try folder.read(Self.pinsFile) else { return [:] }
        guard let members = document["pins"]?.objectValue?.members else { throw malformed(Self.pinsFile) }
        var pins: [String: Stored] = [:]
        for member in members {
            guard let salt = member.value["salt"]?.stringValue.flatMap(ByteText.bytes(base64URL:)),
                let rounds = member.value["rounds"]?.integerValue, rounds >= 1, rounds <= 100_000_000,
                let hash = member.value["hash"]?.stringValue.flatMap(ByteText.bytes(base64URL:))
            else { throw malformed(Self.pinsFile) }
            pins[member.key] = Stored(salt: salt, rounds: Int(rounds), hash: hash)
        }
        return pins
    }

    private func storedTries() throws -> [String: Tries] {
        guard let document = try folder.read(Self.triesFile) else { return [:] }
        guard let devices = document["devices"]?.objectValue?.members else { throw malformed(Self.triesFile) }
        var tries: [String: Tries] = [:]
        for device in devices {
            guard let wrong = device.value["wrongTries"]?.integerValue else { throw malformed(Self.triesFile) }
            tries[device.key] = Tries(
                wrongTries: Int(wrong), lockedUntil: TickStateFolder.date(device.value["lockedUntil"]))
        }
        return tries
    }

    private func save(_ tries: [String: Tries]) throws {
        let members = tries.keys.sorted().map { name -> JSONObject.Member in
            let entry = tries[name]!
            var fields: [JSONObject.Member] = [.init(key: "wrongTries", value: .integer(Int64(entry.wrongTries)))]
            if let until = entry.lockedUntil {
                fields.append(.init(key: "lockedUntil", value: .string(TickStateFolder.text(until))))
            }
            return .init(key: name, value: .object(JSONObject(members: fields)))
        }
        try folder.write(.object(["devices": .object(JSONObject(members: members))]), to: Self.triesFile)
    }

    private func malformed(_ name: String) -> TickError {
        TickError(.cannotRead(path: folder.file(name), detail: "it is not a file of PINs aemtli wrote"))
    }
}
