/// Renders a node tree against a context stack into one growing byte buffer.
struct MustacheRenderer {
    let library: MustacheLibrary
    let escaping: MustacheEscaping
    private(set) var output: [UInt8] = []
    private var stack: [MustacheValue]
    /// Block overrides of the parent tags being rendered, outermost first: the outermost wins.
    private var overrides: [[String: MustacheBlock]] = []
    private var depth = 0

    init(library: MustacheLibrary, escaping: MustacheEscaping, root: MustacheValue) {
        self.library = library
        self.escaping = escaping
        self.stack = [root]
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [MustacheNode], indentation: [UInt8]) throws {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                if !indentation.isEmpty { output.append(contentsOf: indentation) }
            case .variable(let name, let escaped):
                guard let value = resolve(name) else { continue }
                switch value {
                case .string(let text): (escaped ? escaping : .none).append(text, to: &output)
                case .null: continue
                default: (escaped ? escaping : .none).append(value.text, to: &output)
                }
            case .section(let name, let children, let inverted):
                try renderSection(resolve(name) ?? .null, children, inverted: inverted, indentation: indentation)
            case .partial(let reference):
                try renderPartial(reference, indentation: indentation)
            case .parent(let reference, let blocks):
                overrides.append(blocks)
                defer { overrides.removeLast() }
                try renderPartial(reference, indentation: indentation)
            case .block(let block):
                let content = overrides.first { $0[block.name] != nil }?[block.name]?.content ?? block.content
                try render(content, indentation: block.isStandalone ? indentation + block.expansionIndent : indentation)
            }
        }
    }

    private mutating func renderSection(_ value: MustacheValue, _ children: [MustacheNode], inverted: Bool, indentation: [UInt8]) throws {
        if inverted {
            if !value.isTruthy { try render(children, indentation: indentation) }
            return
        }
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                try render(children, indentation: indentation)
                stack.removeLast()
            }
        default:
            guard value.isTruthy else { return }
            stack.append(value)
            try render(children, indentation: indentation)
            stack.removeLast()
        }
    }

    private mutating func renderPartial(_ reference: PartialReference, indentation: [UInt8]) throws {
        let name: String
        switch reference.target {
        case .named(let fixed): name = fixed
        case .dynamic(let path):
            guard case .string(let resolved)? = resolve(path) else { return }
            name = resolved
        }
        guard let template = library.templates[name] else { return }
        guard depth < MustacheLibrary.nestingLimit else {
            throw MustacheError(.recursionTooDeep(name, limit: MustacheLibrary.nestingLimit), template: name, line: reference.line, column: reference.column)
        }
        depth += 1
        defer { depth -= 1 }
        // A standalone partial indents each of its lines; an inline one starts afresh.
        try render(template.nodes, indentation: reference.indentation.map { indentation + $0 } ?? [])
    }

    /// Looks a name up: the first part from the top of the stack down, the rest inside it.
    private func resolve(_ name: MustacheName) -> MustacheValue? {
        guard case .path(let parts) = name else { return stack.last }
        var found: MustacheValue?
        for frame in stack.reversed() {
            if case .object(let members) = frame, let value = members[parts[0]] {
                found = value
                break
            }
        }
        guard var current = found else { return nil }
        for part in parts.dropFirst() {
            guard case .object(let members) = current, let next = members[part] else { return nil }
            current = next
        }
        return current
    }
}
