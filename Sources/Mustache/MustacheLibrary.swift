/// A set of templates that may include each other as partials and parents by name.
///
/// A partial that is not there renders as nothing, as the Mustache spec asks; `validate()` turns
/// every literal reference to a missing template into an error at load time, for callers (like
/// the site build) that would rather fail than render a page with a hole in it.
public struct MustacheLibrary: Sendable {
    public private(set) var templates: [String: MustacheTemplate] = [:]
    /// How deeply partials may nest before rendering stops with an error.
    public static let nestingLimit = 200
    /// The most bytes one render may write before it stops with an error: 64 MiB by default,
    /// a hundred times the largest page aemtli builds.
    public var outputLimit = 64 << 20
    /// The most steps (template instructions and list items) one render may take before it stops
    /// with an error: 2^28 by default, some thirty times what writing `outputLimit` bytes of real
    /// pages takes; it stops, within seconds, loops that write nothing.
    public var stepLimit = 1 << 28

    public init(_ templates: [MustacheTemplate] = []) {
        templates.forEach { add($0) }
    }

    /// Adds a template, replacing one of the same name.
    public mutating func add(_ template: MustacheTemplate) {
        templates[template.name] = template
    }

    /// One error for each literal partial or parent reference that names no template here,
    /// in order of template name, then position.
    public func unknownPartials() -> [MustacheError] {
        templates.keys.sorted().flatMap { name in
            templates[name]!.staticReferences.filter { templates[$0.name] == nil }.map {
                MustacheError(.unknownPartial($0.name), template: name, line: $0.line, column: $0.column)
            }
        }
    }

    /// Throws the first unknown partial, if any.
    public func validate() throws {
        if let first = unknownPartials().first { throw first }
    }

    /// Renders `template` with `value` as the data, looking partials up in this library.
    public func render(
        _ template: MustacheTemplate, with value: MustacheValue, escaping: MustacheEscaping = .html
    ) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        try render(template, with: value, escaping: escaping, into: &output)
        return output
    }

    /// Renders `template` with `value`, appending to `output` (whose capacity a caller rendering
    /// many files can reuse).
    public func render(
        _ template: MustacheTemplate, with value: MustacheValue, escaping: MustacheEscaping = .html,
        into output: inout [UInt8]
    ) throws {
        var renderer = MustacheRenderer(library: self, escaping: escaping, root: value)
        swap(&renderer.output, &output)
        defer { swap(&renderer.output, &output) }
        try renderer.render(template)
    }

    /// Renders the template named `name` to a string.
    public func render(_ name: String, with value: MustacheValue, escaping: MustacheEscaping = .html) throws -> String {
        var output: [UInt8] = []
        try render(name, with: value, escaping: escaping, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Renders the template named `name`, appending its UTF-8 bytes to `output`.
    public func render(
        _ name: String, with value: MustacheValue, escaping: MustacheEscaping = .html, into output: inout [UInt8]
    ) throws {
        try render(template(named: name), with: value, escaping: escaping, into: &output)
    }

    private func template(named name: String) throws -> MustacheTemplate {
        guard let template = templates[name] else {
            throw MustacheError(.unknownPartial(name), template: name, line: 1, column: 1)
        }
        return template
    }
}
