import Digest
import Foundation
import JSON

/// The paired devices, in `STATE/devices`: each one's name, pairing time and its cookie's hash.
///
///     {"devices": [{"name": "kitchen", "pairedAt": "2026-11-22T09:00:00Z", "cookieHash": "BASE64URL"}]}
///
/// Read anew at every call, so a `serve devices --revoke` holds for a running `serve`'s next request.
public struct DeviceStore: Sendable {
    static let fileName = "devices"

    public let folder: TickStateFolder

    public init(folder: TickStateFolder) {
        self.folder = folder
    }

    /// The devices in the order they were paired.
    public func devices() throws -> [PairedDevice] {
        try entries().map(\.device)
    }

    /// The device whose cookie has this value; nil for none (never paired, or revoked).
    public func device(forCookie value: String) throws -> PairedDevice? {
        let hash = Array(DeviceCookie.hash(value).utf8)
        // Every entry is compared in full, so the time taken says nothing of how close a guess was.
        var found: PairedDevice?
        for entry in try entries() where HMACSHA256.equalInConstantTime(Array(entry.cookieHash.utf8), hash) {
            found = entry.device
        }
        return found
    }

    /// Ends a device's pairing at once; false when no device has that name.
    @discardableResult
    public func revoke(name: String) throws -> Bool {
        try folder.locked {
            var entries = try entries()
            guard let index = entries.firstIndex(where: { $0.device.name == name }) else { return false }
            entries.remove(at: index)
            try save(entries)
            return true
        }
    }

    /// Pairs a device under `name` (replacing one of that name) and returns its new cookie. The
    /// caller holds the folder's lock.
    func add(name: String, now: Date) throws -> DeviceCookie {
        let value = DeviceCookie.newValue()
        let device = PairedDevice(name: name, pairedAt: now)
        var entries = try entries().filter { $0.device.name != name }
        entries.append(Entry(device: device, cookieHash: DeviceCookie.hash(value)))
        try save(entries)
        return DeviceCookie(device: device, value: value)
    }

    private struct Entry {
        var device: PairedDevice
        var cookieHash: String
    }

    private func entries() throws -> [Entry] {
        guard let document = try folder.read(Self.fileName) else { return [] }
        guard let list = document["devices"]?.arrayValue else { throw malformed() }
        return try list.map { item in
            guard let name = item["name"]?.stringValue, let pairedAt = TickStateFolder.date(item["pairedAt"]),
                let hash = item["cookieHash"]?.stringValue
            else { throw malformed() }
            return Entry(device: PairedDevice(name: name, pairedAt: pairedAt), cookieHash: hash)
        }
    }

    private func save(_ entries: [Entry]) throws {
        let list = entries.map { entry -> JSONValue in
            .object([
                "name": .string(entry.device.name), "pairedAt": .string(TickStateFolder.text(entry.device.pairedAt)),
                "cookieHash": .string(entry.cookieHash),
            ])
        }
        try folder.write(.object(["devices": .array(list)]), to: Self.fileName)
    }

    private func malformed() -> TickError {
        TickError(.cannotRead(path: folder.file(Self.fileName), detail: "it is not a devices file aemtli wrote"))
    }
}
