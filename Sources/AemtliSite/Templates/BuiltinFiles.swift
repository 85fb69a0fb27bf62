/// The templates and assets built into the binary, from Templates/ and Public/ (see `embed-files`).
public enum BuiltinFiles {
    /// Template sources by file name, e.g. `report.mustache`.
    public static let templates: [String: String] = EmbeddedFiles.templates

    /// Asset bytes by path below Public/, e.g. `style.css`.
    public static let assets: [String: [UInt8]] = EmbeddedFiles.assets.mapValues { Array($0.utf8) }
}
