import AemtliCore
import Files
import Foundation
import TZif

/// The system's tz database (SPEC §3): the TZif files under `$TZDIR`, else `/usr/share/zoneinfo`,
/// read through the command's `FileIO`. Foundation's `TimeZone`, the Swift toolchain's own copy of
/// the data, stands in only for a zone the database has no file for, with a notice saying so.
public struct ZoneDatabase {
    static let systemFolder = "/usr/share/zoneinfo"

    public let folder: String
    let files: FileIO

    public init(environment: CommandEnvironment) {
        let variable = environment.variables["TZDIR"] ?? ""
        folder = variable.isEmpty ? Self.systemFolder : variable
        files = environment.files
    }

    /// The zone `name` names, and the notice to print when it comes from Foundation; nil when
    /// neither knows it. A file that is TZif but damaged is an error naming it.
    func zone(named name: String) throws -> (zone: FamilyZone, notice: String?)? {
        if Self.isZoneName(name), let file = try tzif(at: folder + "/" + name) {
            return (FamilyZone(identifier: name, rules: .tzif(file)), nil)
        }
        guard let timeZone = TimeZone(identifier: name) else { return nil }
        let notice =
            "the zone database \"\(folder)\" has no file for \"\(name)\", so the Swift toolchain's zone data"
            + " (tz \(TimeZone.timeZoneDataVersion)) is used; install the system's tzdata to follow its updates."
        return (FamilyZone(identifier: name, rules: .foundation(timeZone)), notice)
    }

    /// A `TZ` value: `:Zone`, `Zone`, or `:/path/in/the/database/Zone`.
    func zone(forVariable value: String) throws -> (zone: FamilyZone, notice: String?)? {
        var name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.hasPrefix(folder + "/") { name = String(name.dropFirst(folder.count + 1)) }
        return try zone(named: name)
    }

    /// The database's version: `tzdata.zi`'s `# version` line, else `+VERSION`; nil when neither says.
    public func version() -> String? {
        if let bytes = try? files.readBytes(folder + "/tzdata.zi") {
            let head = String(decoding: bytes.prefix(200), as: UTF8.self)
            if let line = head.split(separator: "\n").first(where: { $0.hasPrefix("# version ") }) {
                return String(line.dropFirst("# version ".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        guard let bytes = try? files.readBytes(folder + "/+VERSION") else { return nil }
        let text = String(decoding: bytes.prefix(100), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The zone names the database lists (`tzdata.zi`), for suggestions; Foundation's otherwise.
    func names() -> [String] {
        guard let bytes = try? files.readBytes(folder + "/tzdata.zi") else { return TimeZone.knownTimeZoneIdentifiers }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            if fields.first == "Z", fields.count > 1 { return String(fields[1]) }
            if fields.first == "L", fields.count > 2 { return String(fields[2]) }
            return nil
        }
    }

    /// The parsed file; nil when there is none or it is not a TZif file (`zone.tab`, a folder).
    private func tzif(at path: String) throws -> TZifZone? {
        guard files.kind(path) == .file else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try files.readBytes(path)
        } catch {
            throw ZoneDatabaseError(.unreadable(detail: FileIO.describe(error)), path: path)
        }
        guard bytes.starts(with: Array("TZif".utf8)) else { return nil }
        do {
            return try TZifZone(parsing: bytes)
        } catch let error as TZifError {
            throw ZoneDatabaseError(.corrupt(error), path: path)
        }
    }

    /// Letters, digits, `_`, `+` and `-` in components that start with a letter: no way out of the folder.
    static func isZoneName(_ name: String) -> Bool {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        return !components.isEmpty
            && components.allSatisfy { component in
                guard let first = component.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else {
                    return false
                }
                return component.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_+-".unicodeScalars.contains($0))
                }
            }
    }
}
