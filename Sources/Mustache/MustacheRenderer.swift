/// Runs template programs against a context stack, writing into one growing byte buffer.
///
/// A render is bounded (SPEC §6): partials nest at most `MustacheLibrary.nestingLimit` deep,
/// sections and blocks at most `MustacheTemplate.nestingLimit` deep across all templates, and
/// `budget` stops a render that writes or works too much.
struct MustacheRenderer {
    let library: MustacheLibrary
    let escaping: MustacheEscaping
    var output: [UInt8] = []
    private(set) var stack: [MustacheValue]
    /// Block overrides of the parent tags being rendered, outermost first: the outermost wins.
    private(set) var overrides: [(program: MustacheProgram, set: Int32)] = []
    /// Partials and parents being rendered, one inside the other.
    private var partialDepth = 0
    /// Sections and blocks being rendered, one inside the other, in all templates.
    private var sectionDepth = 0
    private var budget: MustacheBudget

    init(library: MustacheLibrary, escaping: MustacheEscaping, root: MustacheValue) {
        self.library = library
        self.escaping = escaping
        self.stack = [root]
        budget = MustacheBudget(outputLimit: library.outputLimit, stepLimit: library.stepLimit, outputCount: 0)
    }

    /// Renders `template`, appending to `output`; the budget counts only what this adds.
    mutating func render(_ template: MustacheTemplate) throws {
        budget = MustacheBudget(
            outputLimit: library.outputLimit, stepLimit: library.stepLimit, outputCount: output.count)
        do {
            try run(template.program, template.program.all, indentation: [])
        } catch let exceeded as MustacheBudget.Exceeded {
            throw MustacheError(
                exceeded.reason(inside: .template(template.name)), template: template.name, line: 1, column: 1)
        }
    }

    private mutating func run(_ program: MustacheProgram, _ range: Range<Int32>, indentation: [UInt8]) throws {
        var counter = range.lowerBound
        while counter < range.upperBound {
            try budget.step()
            switch program.instructions[Int(counter)] {
            case .text(let start, let end):
                output.append(contentsOf: UnsafeBufferPointer(rebasing: program.text[Int(start)..<Int(end)]))
                try budget.check(outputCount: output.count)
                counter += 1
            case .lineStart:
                if !indentation.isEmpty {
                    output.append(contentsOf: indentation)
                    try budget.check(outputCount: output.count)
                }
                counter += 1
            case .variable(let firstKey, let keyCount, let escaped):
                if let value = resolve(program, firstKey, keyCount) {
                    switch value {
                    case .string(let text): (escaped ? escaping : .none).append(text, to: &output)
                    case .null: break
                    default: (escaped ? escaping : .none).append(value.text, to: &output)
                    }
                    try budget.check(outputCount: output.count)
                }
                counter += 1
            case .section(let firstKey, let keyCount, let end, let inverted):
                let value = resolve(program, firstKey, keyCount) ?? .null
                if value.isTruthy != inverted {
                    try runSection(value, program, at: counter, inverted: inverted, indentation: indentation)
                }
                counter = end
            case .partial(let reference):
                try runPartial(program.references[Int(reference)], in: program, indentation: indentation)
                counter += 1
            case .parent(let reference, let set, let end):
                overrides.append((program, set))
                defer { overrides.removeLast() }
                try runPartial(program.references[Int(reference)], in: program, indentation: indentation)
                counter = end
            case .block(let index):
                let block = program.blocks[Int(index)]
                try runBlock(block, in: program, indentation: indentation)
                counter = block.body.upperBound
            }
        }
    }

    /// Runs the body of the section at `index` once, or once for each item of a list.
    private mutating func runSection(
        _ value: MustacheValue, _ program: MustacheProgram, at index: Int32, inverted: Bool, indentation: [UInt8]
    ) throws {
        guard sectionDepth < MustacheTemplate.nestingLimit else {
            throw program.sectionError(at: index) { .nestingTooDeep($0, limit: MustacheTemplate.nestingLimit) }
        }
        sectionDepth += 1
        defer { sectionDepth -= 1 }
        guard case .section(_, _, let end, _) = program.instructions[Int(index)] else { return }
        let body = (index + 1)..<end
        do {
            if inverted {
                try run(program, body, indentation: indentation)
            } else if case .list(let items) = value {
                for item in items {
                    // An empty body takes no step of its own: count each item.
                    try budget.step()
                    stack.append(item)
                    try run(program, body, indentation: indentation)
                    stack.removeLast()
                }
            } else {
                stack.append(value)
                try run(program, body, indentation: indentation)
                stack.removeLast()
            }
        } catch let exceeded as MustacheBudget.Exceeded {
            throw program.sectionError(at: index) { exceeded.reason(inside: .section($0)) }
        }
    }

    /// Runs a block's body, or the body of the outermost parent tag's block that overrides it.
    private mutating func runBlock(
        _ block: MustacheProgram.Block, in program: MustacheProgram, indentation: [UInt8]
    ) throws {
        guard sectionDepth < MustacheTemplate.nestingLimit else {
            throw MustacheError(
                .nestingTooDeep(block.name, limit: MustacheTemplate.nestingLimit),
                template: program.name, line: block.position.line, column: block.position.column)
        }
        sectionDepth += 1
        defer { sectionDepth -= 1 }
        let blockIndentation = block.isStandalone ? indentation + block.expansionIndent : indentation
        if let (overriding, body) = override(named: block.name) {
            try run(overriding, body, indentation: blockIndentation)
        } else {
            try run(program, block.body, indentation: blockIndentation)
        }
    }

    /// Renders the partial (or a parent tag's template) that `reference` in `program` names.
    private mutating func runPartial(
        _ reference: PartialReference, in program: MustacheProgram, indentation: [UInt8]
    ) throws {
        let name: String
        switch reference.target {
        case .named(let fixed): name = fixed
        case .dynamic(let path):
            guard case .string(let resolved)? = resolve(path) else { return }
            name = resolved
        }
        guard let template = library.templates[name] else { return }
        guard partialDepth < MustacheLibrary.nestingLimit else {
            throw MustacheError(
                .recursionTooDeep(name, limit: MustacheLibrary.nestingLimit),
                template: program.name, line: reference.line, column: reference.column)
        }
        partialDepth += 1
        defer { partialDepth -= 1 }
        do {
            // A standalone partial indents each of its lines; an inline one starts afresh.
            try run(
                template.program, template.program.all,
                indentation: reference.indentation.map { indentation + $0 } ?? [])
        } catch let exceeded as MustacheBudget.Exceeded {
            throw MustacheError(
                exceeded.reason(inside: .partial(name)), template: program.name, line: reference.line,
                column: reference.column)
        }
    }
}
