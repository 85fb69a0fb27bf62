/// A template parsed once into a tree, ready to render any number of times.
public struct MustacheTemplate: Sendable {
    /// The name partials and parent tags use, and errors report.
    public let name: String
    let nodes: [MustacheNode]

    /// Parses `source`; errors name the template, line and column.
    public init(name: String, source: String) throws {
        self.name = name
        self.nodes = try MustacheParser(source: Array(source.utf8), templateName: name).parse()
    }

    /// The names of the partials and parents this template names literally (not `*dynamic` ones),
    /// with the line and column of each tag.
    var staticReferences: [(name: String, line: Int, column: Int)] {
        var references: [(String, Int, Int)] = []
        func visit(_ nodes: [MustacheNode]) {
            for node in nodes {
                switch node {
                case .partial(let reference):
                    if case .named(let name) = reference.target { references.append((name, reference.line, reference.column)) }
                case .parent(let reference, let overrides):
                    if case .named(let name) = reference.target { references.append((name, reference.line, reference.column)) }
                    overrides.keys.sorted().forEach { visit(overrides[$0]!.content) }
                case .section(_, let children, _): visit(children)
                case .block(let block): visit(block.content)
                case .text, .lineStart, .variable: break
                }
            }
        }
        visit(nodes)
        return references
    }
}
