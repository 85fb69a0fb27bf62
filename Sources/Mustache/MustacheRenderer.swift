/// Runs template programs against a context stack, writing into one growing byte buffer.
struct MustacheRenderer {
    let library: MustacheLibrary
    let escaping: MustacheEscaping
    var output: [UInt8] = []
    private var stack: [MustacheValue]
    /// Block overrides of the parent tags being rendered, outermost first: the outermost wins.
    private var overrides: [(program: MustacheProgram, set: Int32)] = []
    private var depth = 0

    init(library: MustacheLibrary, escaping: MustacheEscaping, root: MustacheValue) {
        self.library = library
        self.escaping = escaping
        self.stack = [root]
    }

    mutating func run(_ program: MustacheProgram, _ range: Range<Int32>, indentation: [UInt8]) throws {
        var counter = range.lowerBound
        while counter < range.upperBound {
            switch program.instructions[Int(counter)] {
            case .text(let start, let end):
                output.append(contentsOf: UnsafeBufferPointer(rebasing: program.text[Int(start)..<Int(end)]))
                counter += 1
            case .lineStart:
                if !indentation.isEmpty { output.append(contentsOf: indentation) }
                counter += 1
            case .variable(let firstKey, let keyCount, let escaped):
                if let value = resolve(program, firstKey, keyCount) {
                    switch value {
                    case .string(let text): (escaped ? escaping : .none).append(text, to: &output)
                    case .null: break
                    default: (escaped ? escaping : .none).append(value.text, to: &output)
                    }
                }
                counter += 1
            case .section(let firstKey, let keyCount, let end, let inverted):
                let value = resolve(program, firstKey, keyCount) ?? .null
                try runSection(value, program, (counter + 1)..<end, inverted: inverted, indentation: indentation)
                counter = end
            case .partial(let reference):
                try runPartial(program.references[Int(reference)], indentation: indentation)
                counter += 1
            case .parent(let reference, let set, let end):
                overrides.append((program, set))
                defer { overrides.removeLast() }
                try runPartial(program.references[Int(reference)], indentation: indentation)
                counter = end
            case .block(let index):
                let block = program.blocks[Int(index)]
                let blockIndentation = block.isStandalone ? indentation + block.expansionIndent : indentation
                if let (overriding, body) = override(named: block.name) {
                    try run(overriding, body, indentation: blockIndentation)
                } else {
                    try run(program, block.body, indentation: blockIndentation)
                }
                counter = block.body.upperBound
            }
        }
    }

    private func override(named name: String) -> (MustacheProgram, Range<Int32>)? {
        for (program, set) in overrides {
            if let index = program.overrideSets[Int(set)][name] { return (program, program.blocks[Int(index)].body) }
        }
        return nil
    }

    private mutating func runSection(
        _ value: MustacheValue, _ program: MustacheProgram, _ body: Range<Int32>, inverted: Bool, indentation: [UInt8]
    ) throws {
        if inverted {
            if !value.isTruthy { try run(program, body, indentation: indentation) }
            return
        }
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                try run(program, body, indentation: indentation)
                stack.removeLast()
            }
        default:
            guard value.isTruthy else { return }
            stack.append(value)
            try run(program, body, indentation: indentation)
            stack.removeLast()
        }
    }

    private mutating func runPartial(_ reference: PartialReference, indentation: [UInt8]) throws {
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
        try run(template.program, template.program.all, indentation: reference.indentation.map { indentation + $0 } ?? [])
    }

    /// Looks a name up: the first key from the top of the stack down, the rest inside it.
    private func resolve(_ program: MustacheProgram, _ firstKey: Int32, _ keyCount: Int32) -> MustacheValue? {
        guard keyCount > 0 else { return stack.last }
        let keys = UnsafeBufferPointer(rebasing: program.keys[Int(firstKey)..<Int(firstKey + keyCount)])
        return lookUp(keys)
    }

    private func resolve(_ name: MustacheName) -> MustacheValue? {
        guard case .path(let parts) = name else { return stack.last }
        return parts.withUnsafeBufferPointer { lookUp($0) }
    }

    private func lookUp(_ keys: UnsafeBufferPointer<String>) -> MustacheValue? {
        let found: MustacheValue? = stack.withUnsafeBufferPointer { frames in
            var index = frames.count
            while index > 0 {
                index -= 1
                if case .object(let members) = frames[index], let value = members[keys[0]] { return value }
            }
            return nil
        }
        guard var current = found else { return nil }
        for key in keys.dropFirst() {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        return current
    }
}
