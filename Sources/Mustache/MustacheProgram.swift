/// A parsed template lowered for rendering: a flat buffer of plain-data instructions (no payload
/// is reference-counted, so stepping through them costs no retain or release), all literal text
/// in one byte buffer, and side tables for names, partial references and blocks.
///
/// Sections, parents and blocks keep their bodies inline and say where they end, so rendering
/// is a loop over index ranges. Immutable once built, hence safe to share across threads.
final class MustacheProgram: @unchecked Sendable {
    enum Instruction {
        case text(start: Int32, end: Int32)
        case lineStart
        /// `keyCount` 0 is the implicit iterator `.`.
        case variable(firstKey: Int32, keyCount: Int32, escaped: Bool)
        case section(firstKey: Int32, keyCount: Int32, end: Int32, inverted: Bool)
        case partial(reference: Int32)
        case parent(reference: Int32, overrides: Int32, end: Int32)
        case block(Int32)
    }

    struct Block {
        var name: String
        var body: Range<Int32>
        var isStandalone: Bool
        var expansionIndent: [UInt8]
        var position: MustachePosition
    }

    /// The template's name, for errors.
    let name: String

    let instructions: UnsafeMutableBufferPointer<Instruction>
    let text: UnsafeMutableBufferPointer<UInt8>
    let keys: UnsafeMutableBufferPointer<String>
    let references: [PartialReference]
    let blocks: [Block]
    /// For each parent tag, its overriding blocks by name (indices into `blocks`).
    let overrideSets: [[String: Int32]]
    /// Where each section tag is, by the index of its instruction; read only for errors.
    let sectionPositions: [Int32: MustachePosition]

    init(_ nodes: [MustacheNode], name: String) {
        self.name = name
        var builder = Builder()
        builder.emit(nodes)
        instructions = .allocate(capacity: builder.instructions.count)
        _ = instructions.initialize(from: builder.instructions)
        text = .allocate(capacity: builder.text.count)
        _ = text.initialize(from: builder.text)
        keys = .allocate(capacity: builder.keys.count)
        _ = keys.initialize(from: builder.keys)
        references = builder.references
        blocks = builder.blocks
        overrideSets = builder.overrideSets
        sectionPositions = builder.sectionPositions
    }

    deinit {
        instructions.deallocate()
        text.deallocate()
        keys.deinitialize().deallocate()
    }

    var all: Range<Int32> { 0..<Int32(instructions.count) }

    /// An error at the section tag whose instruction is at `index`, given the section's name.
    func sectionError(at index: Int32, _ reason: (String) -> MustacheError.Reason) -> MustacheError {
        var name = "."
        if case .section(let firstKey, let keyCount, _, _) = instructions[Int(index)], keyCount > 0 {
            name = keys[Int(firstKey)..<Int(firstKey + keyCount)].joined(separator: ".")
        }
        let position = sectionPositions[index] ?? MustachePosition(line: 1, column: 1)
        return MustacheError(reason(name), template: self.name, line: position.line, column: position.column)
    }

    private struct Builder {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var keys: [String] = []
        var references: [PartialReference] = []
        var blocks: [Block] = []
        var overrideSets: [[String: Int32]] = []
        var sectionPositions: [Int32: MustachePosition] = [:]
        /// Where the last text run may still be extended: never across the end of a body.
        var mergeableText: Int?

        var here: Int32 { Int32(instructions.count) }

        mutating func emit(_ nodes: [MustacheNode]) {
            for node in nodes {
                if case .text = node {} else { mergeableText = nil }
                switch node {
                case .text(let bytes):
                    let start = Int32(text.count)
                    text += bytes
                    if let index = mergeableText, case .text(let previousStart, _) = instructions[index] {
                        instructions[index] = .text(start: previousStart, end: Int32(text.count))
                    } else {
                        instructions.append(.text(start: start, end: Int32(text.count)))
                        mergeableText = instructions.count - 1
                    }
                case .lineStart:
                    instructions.append(.lineStart)
                case .variable(let name, let escaped):
                    let (first, count) = add(name)
                    instructions.append(.variable(firstKey: first, keyCount: count, escaped: escaped))
                case .section(let name, let children, let inverted, let position):
                    let (first, count) = add(name)
                    let index = instructions.count
                    sectionPositions[Int32(index)] = position
                    instructions.append(.lineStart)
                    emit(children)
                    mergeableText = nil
                    instructions[index] = .section(firstKey: first, keyCount: count, end: here, inverted: inverted)
                case .partial(let reference):
                    references.append(reference)
                    instructions.append(.partial(reference: Int32(references.count - 1)))
                case .parent(let reference, let overrides):
                    references.append(reference)
                    let referenceIndex = Int32(references.count - 1)
                    let index = instructions.count
                    instructions.append(.lineStart)
                    var set: [String: Int32] = [:]
                    for name in overrides.keys.sorted() { set[name] = emitBlock(overrides[name]!) }
                    overrideSets.append(set)
                    mergeableText = nil
                    instructions[index] = .parent(
                        reference: referenceIndex, overrides: Int32(overrideSets.count - 1), end: here)
                case .block(let block):
                    _ = emitBlock(block)
                }
            }
        }

        /// Emits `.block(i)` followed by the block's body; returns `i`.
        mutating func emitBlock(_ block: MustacheBlock) -> Int32 {
            let index = Int32(blocks.count)
            blocks.append(
                Block(
                    name: block.name, body: 0..<0, isStandalone: block.isStandalone,
                    expansionIndent: block.expansionIndent, position: block.position))
            instructions.append(.block(index))
            let start = here
            emit(block.content)
            mergeableText = nil
            blocks[Int(index)].body = start..<here
            return index
        }

        mutating func add(_ name: MustacheName) -> (Int32, Int32) {
            guard case .path(let parts) = name else { return (0, 0) }
            let first = Int32(keys.count)
            keys += parts
            return (first, Int32(parts.count))
        }
    }
}
