import Foundation
import Mustache

/// The templates and assets a build uses: the built-in ones, with any file in an override folder
/// (`--templates DIR`) taking the place of the built-in file of the same name.
public struct TemplateSet {
    public let library: MustacheLibrary
    private let assets: [String: [UInt8]]

    /// `overrides` are template sources by file name (`report.mustache`), read by the caller.
    public init(overrides: [String: String] = [:]) throws {
        var sources = BuiltinFiles.templates
        sources.merge(overrides) { $1 }
        var library = MustacheLibrary()
        for (file, source) in sources.sorted(by: { $0.key < $1.key }) where file.hasSuffix(".mustache") {
            library.add(try MustacheTemplate(name: String(file.dropLast(".mustache".count)), source: source))
        }
        try library.validate()
        self.library = library
        self.assets = BuiltinFiles.assets
    }

    /// The template `name` rendered with `data`, as UTF-8 bytes ready to write.
    public func render(_ name: String, _ data: MustacheValue, escaping: MustacheEscaping = .html) throws -> [UInt8] {
        try library.renderBytes(name, with: data, escaping: escaping)
    }

    /// The template `name` rendered with `data`, appended to `output`.
    public func render(_ name: String, _ data: MustacheValue, escaping: MustacheEscaping = .html, into output: inout [UInt8]) throws {
        try library.render(name, with: data, escaping: escaping, into: &output)
    }

    /// A built-in asset's text, e.g. `report.css`.
    public func asset(_ path: String) -> String {
        String(decoding: assets[path] ?? [], as: UTF8.self)
    }

    public var assetFiles: [String: [UInt8]] { assets }
}
