import AemtliCore
import Foundation
import JSON

/// Private feed addresses (config `privateFeeds`): an unguessable token in each feed's file name,
/// 128 bits from the system's secure random source, kept in `.aemtli/feed-tokens.json` in the
/// working folder (outside the published folder and the store) so it stays the same across builds.
struct FeedTokens {
    static let familyKey = "family"
    static let file = ".aemtli/feed-tokens.json"

    let environment: CommandEnvironment

    /// Feed file names (without `.ics`) by member id, and the family feed's under `familyKey`.
    func names(for members: [FamilyMember], slugs: [String: String], privateFeeds: Bool) throws -> [String: String] {
        var names: [String: String] = [Self.familyKey: "family"]
        for member in members { names[member.id] = slugs[member.id] }
        guard privateFeeds else { return names }
        var tokens = load()
        let missing = names.keys.filter { tokens[$0] == nil }
        for key in missing { tokens[key] = Self.newToken() }
        if !missing.isEmpty { try save(tokens) }
        return names.reduce(into: [:]) { result, entry in result[entry.key] = "\(entry.value)-\(tokens[entry.key]!)" }
    }

    /// Replaces one token, so a leaked address stops working with the next build.
    func renew(_ key: String) throws {
        var tokens = load()
        tokens[key] = Self.newToken()
        try save(tokens)
    }

    /// 32 hex digits: 128 bits from `SystemRandomNumberGenerator` (getrandom on Linux).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    private func load() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: environment.resolve(Self.file).path),
              let object = try? JSONParser.parse([UInt8](data)).objectValue else { return [:] }
        var tokens: [String: String] = [:]
        for member in object.members {
            if let token = member.value.stringValue, token.count == 32, token.allSatisfy(\.isHexDigit) { tokens[member.key] = token }
        }
        return tokens
    }

    private func save(_ tokens: [String: String]) throws {
        let url = environment.resolve(Self.file)
        let text = JSONValue.object(JSONObject(tokens.mapValues(JSONValue.string))).serialized(pretty: true) + "\n"
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CLIError(.cannotCreate(path: Self.file, detail: StoreLoader.describe(error)))
        }
    }
}
