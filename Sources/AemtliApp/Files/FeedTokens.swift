import AemtliCore
import AemtliSite
import Digest
import Files
import Foundation
import JSON

/// Private feed addresses (config `privateFeeds`): an unguessable token in each feed's file name,
/// 128 bits from the system's secure random source, kept in `.aemtli/feed-tokens.json` in the
/// working folder (outside the published folder and the store) so it stays the same across builds.
/// The tokens are secrets, kept as `PrivateFile` keeps them: the file 0600, its folder 0700.
public struct FeedTokens {
    public static let familyKey = "family"
    static let file = ".aemtli/feed-tokens.json"

    let environment: CommandEnvironment

    public init(environment: CommandEnvironment) {
        self.environment = environment
    }

    /// The feeds' file names (without `.ics`): the slugs, each followed by its token when feeds
    /// are private. Tokens are kept by member id, and the family feed's under `familyKey`.
    /// A member without a token gets one, saved at once.
    func names(for family: Family, privateFeeds: Bool) throws -> FeedNames {
        let plain = FeedNames(plain: family)
        guard privateFeeds else { return plain }
        var tokens = try load()
        let keys = [Self.familyKey] + family.members.map(\.id)
        let missing = keys.filter { tokens[$0] == nil }
        for key in missing { tokens[key] = Self.newToken() }
        if !missing.isEmpty { try save(tokens) }
        func named(_ name: String, _ key: String) -> String {
            "\(name)-\(tokens[key, default: ""])"
        }
        return FeedNames(
            family: named(plain.family, Self.familyKey),
            members: family.members.indices.map { named(plain.members[$0], family.members[$0].id) })
    }

    /// Replaces one token, so a leaked address stops working with the next build.
    public func renew(_ key: String) throws {
        var tokens = try load()
        tokens[key] = Self.newToken()
        try save(tokens)
    }

    /// 32 hex digits: 128 bits from `SecureRandom`.
    static func newToken() -> String {
        SecureRandom.hex(bytes: 16)
    }

    /// The tokens kept so far. A file others could read (as aemtli wrote it before issue #36) is
    /// made the owner's alone and its tokens kept, so that no subscription breaks; a warning says
    /// how to renew an address someone else may have seen.
    private func load() throws -> [String: String] {
        let place = environment.place(Self.file)
        let bytes: [UInt8]
        do {
            switch try PrivateFile.read(place.path) {
            case .missing: return [:]
            case .bytes(let read): bytes = read
            case .readableByOthers:
                bytes = try FileIO.local.readBytes(place.path)
                try PrivateFile.write(bytes, to: place.path)
                environment.diagnose(
                    .warning,
                    "\"\(place.shown)\" could be read by other users of this machine, so aemtli made it yours alone; if someone else may have seen it, 'aemtli feed-token renew SLUG' gives that feed (or 'family') a new address."
                )
            }
        } catch {
            throw FileError(.readFailed(path: place.shown, detail: FileIO.describe(error)))
        }
        guard let object = try? JSONParser.parse(bytes).objectValue else { return [:] }
        var tokens: [String: String] = [:]
        for member in object.members {
            if let token = member.value.stringValue, token.count == 32, token.allSatisfy(\.isHexDigit) {
                tokens[member.key] = token
            }
        }
        return tokens
    }

    private func save(_ tokens: [String: String]) throws {
        let text = JSONValue.object(JSONObject(tokens.mapValues(JSONValue.string))).serialized(pretty: true) + "\n"
        let place = environment.place(Self.file)
        do {
            try PrivateFile.write(Array(text.utf8), to: place.path)
        } catch {
            throw FileError(.cannotCreate(path: place.shown, detail: FileIO.describe(error)))
        }
    }
}
