/// Turns tokens into a node tree: applies the standalone-line rules, matches sections, gathers a
/// parent tag's block overrides, and marks line starts for indentation.
struct MustacheParser {
    enum Item {
        case lineStart
        /// A token; `before` is the leading whitespace of its line when the line is standalone.
        case token(MustacheToken, before: [UInt8]?)
    }

    private struct Frame {
        var token: MustacheToken?
        var before: [UInt8]?
        var nodes: [MustacheNode] = []
        var overrides: [String: MustacheBlock] = [:]
    }

    let source: [UInt8]
    let templateName: String

    func parse() throws -> [MustacheNode] {
        let tokens = try MustacheTokenizer(source: source, templateName: templateName).tokenize()
        var nodes = try buildTree(items(from: tokens))
        MustacheIndentation.dedentBlocks(&nodes)
        return nodes
    }

    private func buildTree(_ items: [Item]) throws -> [MustacheNode] {
        var stack = [Frame()]
        for item in items {
            switch item {
            case .lineStart:
                stack[stack.count - 1].nodes.append(.lineStart)
            case .token(let token, let before):
                try add(token, before: before, to: &stack)
            }
        }
        if stack.count > 1, let open = stack.last?.token {
            throw error(.unclosedSection(open.name), at: open)
        }
        return stack[0].nodes
    }

    private func add(_ token: MustacheToken, before: [UInt8]?, to stack: inout [Frame]) throws {
        switch token.kind {
        case .text:
            stack[stack.count - 1].nodes.append(.text(Array(source[token.range])))
        case .variable, .unescaped:
            stack[stack.count - 1].nodes.append(.variable(MustacheName(token.name), escaped: token.kind == .variable))
        case .partial:
            stack[stack.count - 1].nodes.append(.partial(reference(token, indentation: before)))
        case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen:
            // The root frame is not a level.
            guard stack.count <= MustacheTemplate.nestingLimit else {
                throw error(.nestingTooDeep(token.name, limit: MustacheTemplate.nestingLimit), at: token)
            }
            stack.append(Frame(token: token, before: before))
        case .close:
            try close(token, in: &stack)
        case .comment, .delimiters:
            break
        }
    }

    private func close(_ token: MustacheToken, in stack: inout [Frame]) throws {
        guard stack.count > 1, let open = stack.last?.token else {
            throw error(.unopenedSection(token.name), at: token)
        }
        guard open.name == token.name else {
            throw error(.mismatchedSection(open: open.name, close: token.name), at: token)
        }
        let frame = stack.removeLast()
        let node: MustacheNode
        switch open.kind {
        case .parentOpen:
            node = .parent(reference(open, indentation: frame.before), overrides: frame.overrides)
        case .blockOpen:
            let block = MustacheBlock(
                name: open.name, content: frame.nodes, isStandalone: frame.before != nil,
                before: frame.before ?? [], intrinsicIndent: [], position: open.position)
            if stack[stack.count - 1].token?.kind == .parentOpen {
                stack[stack.count - 1].overrides[block.name] = block
                return
            }
            node = .block(block)
        default:
            node = .section(
                MustacheName(open.name), frame.nodes, inverted: open.kind == .invertedOpen, at: open.position)
        }
        // Inside a parent tag only blocks count; everything else there is ignored.
        if stack[stack.count - 1].token?.kind != .parentOpen {
            stack[stack.count - 1].nodes.append(node)
        }
    }

    private func reference(_ token: MustacheToken, indentation: [UInt8]?) -> PartialReference {
        let target: PartialReference.Target =
            token.name.hasPrefix("*")
            ? .dynamic(MustacheName(String(token.name.dropFirst()).trimmingWhitespace))
            : .named(token.name)
        return PartialReference(
            target: target, indentation: indentation, line: token.position.line, column: token.position.column)
    }

    private func error(_ reason: MustacheError.Reason, at token: MustacheToken) -> MustacheError {
        MustacheError(reason, template: templateName, line: token.position.line, column: token.position.column)
    }
}
