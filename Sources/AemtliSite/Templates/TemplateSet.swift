import Foundation
import Mustache

/// The templates and assets a build uses: the built-in ones, with any file in an override folder
/// (`--templates DIR`) taking the place of the built-in file of the same name.
public struct TemplateSet {
    public let library: MustacheLibrary
    private let assets: [String: [UInt8]]
    /// The file each overriding template came from, by template name, so that an error names it.
    private let origins: [String: String]

    /// `overrides` are template sources by file name (`report.mustache`), read by the caller;
    /// `origins` the paths to name in errors, by file name.
    public init(overrides: [String: String] = [:], origins: [String: String] = [:]) throws {
        var sources = BuiltinFiles.templates
        sources.merge(overrides) { $1 }
        self.origins = Dictionary(
            uniqueKeysWithValues: origins.map { (String($0.key.dropLast(".mustache".count)), $0.value) })
        var library = MustacheLibrary()
        do {
            for (file, source) in sources.sorted(by: { $0.key < $1.key }) where file.hasSuffix(".mustache") {
                library.add(try MustacheTemplate(name: String(file.dropLast(".mustache".count)), source: source))
            }
            try library.validate()
        } catch let error as MustacheError {
            throw Self.located(error, self.origins)
        }
        self.library = library
        self.assets = BuiltinFiles.assets
    }

    /// The template `name` rendered with `data`, as UTF-8 bytes ready to write.
    public func render(_ name: String, _ data: MustacheValue, escaping: MustacheEscaping = .html) throws -> [UInt8] {
        var output: [UInt8] = []
        try render(name, data, escaping: escaping, into: &output)
        return output
    }

    /// The template `name` rendered with `data`, appended to `output`.
    public func render(
        _ name: String, _ data: MustacheValue, escaping: MustacheEscaping = .html, into output: inout [UInt8]
    ) throws {
        do {
            try library.render(name, with: data, escaping: escaping, into: &output)
        } catch let error as MustacheError {
            throw Self.located(error, origins)
        }
    }

    /// The error with its template named by the file it came from, when a user's file.
    private static func located(_ error: MustacheError, _ origins: [String: String]) -> MustacheError {
        var located = error
        if let path = origins[error.template] { located.template = path }
        return located
    }

    /// A built-in asset's text, e.g. `report.css`.
    public func asset(_ path: String) -> String {
        String(decoding: assets[path] ?? [], as: UTF8.self)
    }

    public var assetFiles: [String: [UInt8]] { assets }
}
