/// Splits template source into tokens, following set-delimiter tags as it goes.
struct MustacheTokenizer {
    let source: [UInt8]
    let templateName: String

    func tokenize() throws -> [MustacheToken] {
        var tokens: [MustacheToken] = []
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var position = 0
        var textStart = 0
        // Line and column of `counted`, carried forward from tag to tag so that placing every tag
        // reads the source once in all.
        var counted = (offset: 0, line: 1, column: 1)
        while position < source.count {
            guard source[position] == open[0], matches(open, at: position) else {
                position += 1
                continue
            }
            appendText(textStart..<position, to: &tokens)
            var token = try readTag(at: position, open: open, close: close)
            counted = Self.advance(counted, to: position, in: source)
            token.position = MustachePosition(line: counted.line, column: counted.column)
            if token.kind == .delimiters {
                (open, close) = try delimiters(in: token)
            }
            tokens.append(token)
            position = token.range.upperBound
            textStart = position
        }
        appendText(textStart..<source.count, to: &tokens)
        return tokens
    }

    /// Text tokens end after each line break, so a line is a run of tokens up to one.
    private func appendText(_ range: Range<Int>, to tokens: inout [MustacheToken]) {
        var start = range.lowerBound
        for index in range where source[index] == 0x0A {
            tokens.append(MustacheToken(kind: .text, range: start..<(index + 1), name: ""))
            start = index + 1
        }
        if start < range.upperBound {
            tokens.append(MustacheToken(kind: .text, range: start..<range.upperBound, name: ""))
        }
    }

    private func readTag(at start: Int, open: [UInt8], close: [UInt8]) throws -> MustacheToken {
        let contentStart = start + open.count
        let sigil = contentStart < source.count ? source[contentStart] : 0
        let kind: MustacheToken.Kind
        var terminator = close
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescaped
            terminator = [UInt8(ascii: "}")] + close
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .sectionOpen
        case UInt8(ascii: "^"): kind = .invertedOpen
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parentOpen
        case UInt8(ascii: "$"): kind = .blockOpen
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: "="):
            kind = .delimiters
            terminator = [UInt8(ascii: "=")] + close
        default: kind = .variable
        }
        let nameStart = kind == .variable ? contentStart : contentStart + 1
        guard let end = find(terminator, from: nameStart) else {
            throw error(.unclosedTag(String(decoding: terminator, as: UTF8.self)), at: start)
        }
        let name = String(decoding: source[nameStart..<end], as: UTF8.self).trimmingWhitespace
        let token = MustacheToken(kind: kind, range: start..<(end + terminator.count), name: name)
        if name.isEmpty, kind != .comment {
            throw error(.emptyTag(String(decoding: source[token.range], as: UTF8.self)), at: start)
        }
        return token
    }

    private func delimiters(in token: MustacheToken) throws -> ([UInt8], [UInt8]) {
        let parts = token.name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(
                .invalidDelimiters(String(decoding: source[token.range], as: UTF8.self)), at: token.range.lowerBound)
        }
        return (Array(parts[0].utf8), Array(parts[1].utf8))
    }

    private func matches(_ pattern: [UInt8], at position: Int) -> Bool {
        guard position + pattern.count <= source.count else { return false }
        for offset in 0..<pattern.count where source[position + offset] != pattern[offset] { return false }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var position = start
        while position + pattern.count <= source.count {
            if source[position] == pattern[0], matches(pattern, at: position) { return position }
            position += 1
        }
        return nil
    }

    func error(_ reason: MustacheError.Reason, at offset: Int) -> MustacheError {
        let (line, column) = Self.lineAndColumn(of: offset, in: source)
        return MustacheError(reason, template: templateName, line: line, column: column)
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func lineAndColumn(of offset: Int, in source: [UInt8]) -> (Int, Int) {
        let place = advance((0, 1, 1), to: offset, in: source)
        return (place.line, place.column)
    }

    /// The line and column of `offset`, counted on from a known place before it.
    private static func advance(
        _ from: (offset: Int, line: Int, column: Int), to offset: Int, in source: [UInt8]
    ) -> (offset: Int, line: Int, column: Int) {
        var (line, column) = (from.line, from.column)
        for byte in source[min(from.offset, source.count)..<min(offset, source.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (offset, line, column)
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            scalars.removeFirst()
        }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            scalars.removeLast()
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
