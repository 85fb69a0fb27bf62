import Foundation

/// The templates and assets built into the binary (from Templates/ and Public/).
public enum BuiltinFiles {
    /// Template sources by file name, e.g. `report.mustache`.
    public static let templates: [String: String] = EmbeddedFiles.templatesBase64.mapValues {
        String(decoding: Data(base64Encoded: $0) ?? Data(), as: UTF8.self)
    }

    /// Asset bytes by path below Public/, e.g. `style.css`.
    public static let assets: [String: [UInt8]] = EmbeddedFiles.assetsBase64.mapValues {
        [UInt8](Data(base64Encoded: $0) ?? Data())
    }
}
