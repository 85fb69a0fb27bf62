/// Turns tokens into a node tree: applies the standalone-line rules, matches sections, gathers a
/// parent tag's block overrides, and marks line starts for indentation.
struct MustacheParser {
    private enum Item {
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

    /// Applies the standalone rule line by line: a line holding only whitespace and tags that may
    /// stand alone (sections, comments, partials, parents, blocks, delimiters) loses its
    /// whitespace and line break; a block opened and closed on such a line keeps the line break.
    private func items(from tokens: [MustacheToken]) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(tokens.count + tokens.count / 2)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text, source[token.range.upperBound - 1] == 0x0A { break }
            }
            let line = tokens[lineStart..<lineEnd]
            lineStart = lineEnd
            guard isStandalone(line) else {
                items.append(.lineStart)
                items += line.map { .token($0, before: nil) }
                continue
            }
            let before = line.first!.kind == .text ? Array(source[line.first!.range]).filter { $0 == 0x20 || $0 == 0x09 } : []
            let tags = line.filter { $0.kind != .text }
            items += tags.map { .token($0, before: before) }
            if opensAndClosesABlock(tags), let last = line.last, last.kind == .text, let lineBreak = lineBreak(in: last) {
                items.append(.token(MustacheToken(kind: .text, range: lineBreak, name: ""), before: nil))
            }
        }
        return items
    }

    private func isStandalone(_ line: ArraySlice<MustacheToken>) -> Bool {
        var hasTag = false
        for token in line {
            if token.kind == .text {
                guard isBlank(token.range) else { return false }
            } else {
                guard token.kind.canStandAlone else { return false }
                hasTag = true
            }
        }
        return hasTag
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        for index in range {
            switch source[index] {
            case 0x20, 0x09: continue
            case 0x0D where index + 1 < range.upperBound && source[index + 1] == 0x0A: continue
            case 0x0A where index == range.upperBound - 1: continue
            default: return false
            }
        }
        return true
    }

    private func opensAndClosesABlock(_ tags: [MustacheToken]) -> Bool {
        tags.indices.contains { index in
            tags[index].kind == .blockOpen && tags[(index + 1)...].contains { $0.kind == .close && $0.name == tags[index].name }
        }
    }

    private func lineBreak(in token: MustacheToken) -> Range<Int>? {
        let end = token.range.upperBound
        guard source[end - 1] == 0x0A else { return nil }
        let start = end >= 2 && source[end - 2] == 0x0D && end - 2 >= token.range.lowerBound ? end - 2 : end - 1
        return start..<end
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
            throw error(.unclosedSection(open.name), at: open.range.lowerBound)
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
            stack.append(Frame(token: token, before: before))
        case .close:
            try close(token, in: &stack)
        case .comment, .delimiters:
            break
        }
    }

    private func close(_ token: MustacheToken, in stack: inout [Frame]) throws {
        guard stack.count > 1, let open = stack.last?.token else {
            throw error(.unopenedSection(token.name), at: token.range.lowerBound)
        }
        guard open.name == token.name else {
            throw error(.mismatchedSection(open: open.name, close: token.name), at: token.range.lowerBound)
        }
        let frame = stack.removeLast()
        let node: MustacheNode
        switch open.kind {
        case .parentOpen:
            node = .parent(reference(open, indentation: frame.before), overrides: frame.overrides)
        case .blockOpen:
            let block = MustacheBlock(
                name: open.name, content: frame.nodes, isStandalone: frame.before != nil,
                before: frame.before ?? [], intrinsicIndent: [])
            if stack[stack.count - 1].token?.kind == .parentOpen {
                stack[stack.count - 1].overrides[block.name] = block
                return
            }
            node = .block(block)
        default:
            node = .section(MustacheName(open.name), frame.nodes, inverted: open.kind == .invertedOpen)
        }
        // Inside a parent tag only blocks count; everything else there is ignored.
        if stack[stack.count - 1].token?.kind != .parentOpen {
            stack[stack.count - 1].nodes.append(node)
        }
    }

    private func reference(_ token: MustacheToken, indentation: [UInt8]?) -> PartialReference {
        let (line, column) = MustacheTokenizer.lineAndColumn(of: token.range.lowerBound, in: source)
        let target: PartialReference.Target = token.name.hasPrefix("*")
            ? .dynamic(MustacheName(String(token.name.dropFirst()).trimmingWhitespace))
            : .named(token.name)
        return PartialReference(target: target, indentation: indentation, line: line, column: column)
    }

    private func error(_ reason: MustacheError.Reason, at offset: Int) -> MustacheError {
        let (line, column) = MustacheTokenizer.lineAndColumn(of: offset, in: source)
        return MustacheError(reason, template: templateName, line: line, column: column)
    }
}
