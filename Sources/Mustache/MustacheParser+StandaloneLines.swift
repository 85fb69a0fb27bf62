/// Mustache's standalone-line rule, applied to a template's tokens before the tree is built.
extension MustacheParser {
    /// Applies the standalone rule line by line: a line holding only whitespace and tags that may
    /// stand alone (sections, comments, partials, parents, blocks, delimiters) loses its
    /// whitespace and line break; a block opened and closed on such a line keeps the line break.
    func items(from tokens: [MustacheToken]) -> [Item] {
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
            let before =
                line.first!.kind == .text ? Array(source[line.first!.range]).filter { $0 == 0x20 || $0 == 0x09 } : []
            let tags = line.filter { $0.kind != .text }
            items += tags.map { .token($0, before: before) }
            if opensAndClosesABlock(tags), let last = line.last, last.kind == .text, let lineBreak = lineBreak(in: last)
            {
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

    /// Whether a block opens and a tag closing its name follows; one pass from the end.
    private func opensAndClosesABlock(_ tags: [MustacheToken]) -> Bool {
        guard tags.contains(where: { $0.kind == .blockOpen }) else { return false }
        var closedLater: Set<String> = []
        for tag in tags.reversed() {
            if tag.kind == .close {
                closedLater.insert(tag.name)
            } else if tag.kind == .blockOpen, closedLater.contains(tag.name) {
                return true
            }
        }
        return false
    }

    private func lineBreak(in token: MustacheToken) -> Range<Int>? {
        let end = token.range.upperBound
        guard source[end - 1] == 0x0A else { return nil }
        let start = end >= 2 && source[end - 2] == 0x0D && end - 2 >= token.range.lowerBound ? end - 2 : end - 1
        return start..<end
    }
}
