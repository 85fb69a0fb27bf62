import Files
import JSON
import Mustache

/// Writes the benchmark's templates (`NAME.mustache`) and data (`data-8x60.json`, `data-200x100.json`)
/// so that another engine can be measured on exactly the same input.
enum BenchmarkExport {
    static func write(to folder: String) throws {
        let folder = folder.hasPrefix("/") ? folder : FileIO.workingFolder() + "/" + folder
        try FileIO.local.makeFolders(folder)
        for (name, source) in try DashboardFixture.templates() {
            try FileIO.local.writeAtomically(Array(source.utf8), to: folder + "/\(name).mustache")
        }
        for (members, chores) in [(8, 60), (200, 100)] {
            let json = toJSON(DashboardFixture.data(members: members, chores: chores))
            try FileIO.local.writeAtomically(
                Array(json.serialized().utf8), to: folder + "/data-\(members)x\(chores).json")
        }
    }

    static func toJSON(_ value: MustacheValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .integer(Int64(number))
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .list(let values): return .array(values.map(toJSON))
        case .object(let members):
            return .object(
                JSONObject(Dictionary(uniqueKeysWithValues: members.members.map { ($0.key, toJSON($0.value)) })))
        }
    }
}
