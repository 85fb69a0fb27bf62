/// Block indentation (Mustache inheritance): a standalone block's content loses the indentation
/// it has where it is written, and gets the indentation of the place it is expanded.
enum MustacheIndentation {
    /// Dedents every standalone block, outermost first, so that an inner block's indentation is
    /// measured after its outer block's was removed.
    static func dedentBlocks(_ nodes: inout [MustacheNode]) {
        for index in nodes.indices {
            switch nodes[index] {
            case .block(var block):
                dedent(&block)
                nodes[index] = .block(block)
            case .section(let name, var children, let inverted, let position):
                dedentBlocks(&children)
                nodes[index] = .section(name, children, inverted: inverted, at: position)
            case .parent(let reference, var overrides):
                for key in overrides.keys { dedent(&overrides[key]!) }
                nodes[index] = .parent(reference, overrides: overrides)
            case .text, .lineStart, .variable, .partial:
                break
            }
        }
    }

    private static func dedent(_ block: inout MustacheBlock) {
        if block.isStandalone {
            var leads: [[UInt8]] = []
            collectLeads(block.content, into: &leads)
            if let first = leads.first {
                let common = leads.dropFirst().reduce(first, commonPrefix)
                strip(common.count, from: &block.content)
                block.intrinsicIndent = common
            }
        }
        dedentBlocks(&block.content)
    }

    /// The leading whitespace of every non-blank line, nested content included.
    private static func collectLeads(_ nodes: [MustacheNode], into leads: inout [[UInt8]]) {
        for (index, node) in nodes.enumerated() {
            switch node {
            case .lineStart:
                guard index + 1 < nodes.count else { continue }
                if case .text(let bytes) = nodes[index + 1] {
                    let lead = Array(bytes.prefix { $0 == 0x20 || $0 == 0x09 })
                    let rest = bytes.dropFirst(lead.count)
                    if rest.first != 0x0A, !(rest.first == 0x0D && rest.dropFirst().first == 0x0A) {
                        leads.append(lead)
                    }
                } else {
                    leads.append([])
                }
            case .partial(let reference):
                if let indentation = reference.indentation { leads.append(indentation) }
            case .parent(let reference, let overrides):
                if let indentation = reference.indentation { leads.append(indentation) }
                for key in overrides.keys.sorted() { collectLeads(overrides[key]!.content, into: &leads) }
            case .block(let block):
                if block.isStandalone { leads.append(block.before) }
                collectLeads(block.content, into: &leads)
            case .section(_, let children, _, _):
                collectLeads(children, into: &leads)
            case .text, .variable:
                break
            }
        }
    }

    private static func strip(_ count: Int, from nodes: inout [MustacheNode]) {
        guard count > 0 else { return }
        var atLineStart = false
        for index in nodes.indices {
            defer { if case .lineStart = nodes[index] { atLineStart = true } else { atLineStart = false } }
            switch nodes[index] {
            case .text(let bytes) where atLineStart:
                let removable = bytes.prefix(count).prefix { $0 == 0x20 || $0 == 0x09 }.count
                nodes[index] = .text(Array(bytes.dropFirst(removable)))
            case .partial(var reference):
                reference.indentation = reference.indentation.map { Array($0.dropFirst(min(count, $0.count))) }
                nodes[index] = .partial(reference)
            case .parent(var reference, var overrides):
                reference.indentation = reference.indentation.map { Array($0.dropFirst(min(count, $0.count))) }
                for key in overrides.keys { strip(count, from: &overrides[key]!.content) }
                nodes[index] = .parent(reference, overrides: overrides)
            case .block(var block):
                if block.isStandalone { block.before = Array(block.before.dropFirst(min(count, block.before.count))) }
                strip(count, from: &block.content)
                nodes[index] = .block(block)
            case .section(let name, var children, let inverted, let position):
                strip(count, from: &children)
                nodes[index] = .section(name, children, inverted: inverted, at: position)
            case .text, .lineStart, .variable:
                break
            }
        }
    }

    private static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        Array(zip(a, b).prefix { $0 == $1 }.map(\.0))
    }
}
