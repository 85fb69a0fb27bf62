/// A template parsed once into a tree, ready to render any number of times.
public struct MustacheTemplate: Sendable {
    /// The name partials and parent tags use, and errors report.
    public let name: String
    let program: MustacheProgram

    /// Parses `source`; errors name the template, line and column.
    public init(name: String, source: String) throws {
        self.name = name
        self.program = MustacheProgram(try MustacheParser(source: Array(source.utf8), templateName: name).parse())
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
