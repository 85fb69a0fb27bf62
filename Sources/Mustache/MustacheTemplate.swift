/// A template parsed once into a tree, ready to render any number of times.
public struct MustacheTemplate: Sendable {
    /// The name partials and parent tags use, and errors report.
    public let name: String
    let program: MustacheProgram

    /// How deeply sections, inverted sections, parents and blocks may nest: 100 levels, in one
    /// template when it is parsed and across all its partials when it is rendered. Real pages
    /// need a handful; the limit keeps a hostile template from exhausting the stack.
    public static let nestingLimit = 100
    /// The largest template source: 256 MiB, so that every offset into it fits the 32 bits the
    /// compiled program uses.
    public static let sizeLimit = 1 << 28

    /// Parses `source`; errors name the template, line and column.
    public init(name: String, source: String) throws {
        guard source.utf8.count <= Self.sizeLimit else {
            throw MustacheError(.templateTooLarge(limit: Self.sizeLimit), template: name, line: 1, column: 1)
        }
        self.name = name
        self.program = MustacheProgram(
            try MustacheParser(source: Array(source.utf8), templateName: name).parse(), name: name)
    }

    /// The names of the partials and parents this template names literally (not `*dynamic` ones),
    /// with the line and column of each tag.
    var staticReferences: [(name: String, line: Int, column: Int)] {
        program.references.compactMap { reference in
            guard case .named(let name) = reference.target else { return nil }
            return (name, reference.line, reference.column)
        }
    }
}
