/// One node of a parsed template. Parsing resolves everything it can: names are split into
/// their parts, standalone lines are removed, and line starts are marked so that partials and
/// blocks can be indented without re-parsing.
enum MustacheNode: Sendable {
    case text([UInt8])
    /// A template line begins here: the current indentation, if any, is written.
    case lineStart
    case variable(MustacheName, escaped: Bool)
    case section(MustacheName, [MustacheNode], inverted: Bool, at: MustachePosition)
    case partial(PartialReference)
    case parent(PartialReference, overrides: [String: MustacheBlock])
    case block(MustacheBlock)
}

/// A name in a tag: `.` or a dotted path, split at parse time.
enum MustacheName: Sendable, Equatable {
    case implicit
    case path([String])

    init(_ text: String) {
        self =
            text == "."
            ? .implicit : .path(text.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }
}

/// Where a tag starts in its template: 1-based line and column (in characters).
struct MustachePosition: Sendable {
    var line: Int
    var column: Int
}

/// Where a partial or parent tag points: a fixed template name, or (`*name`) one read from the data.
struct PartialReference: Sendable {
    enum Target: Sendable {
        case named(String)
        case dynamic(MustacheName)
    }

    var target: Target
    /// The whitespace before a standalone tag, prepended to each line of the partial; nil inline.
    var indentation: [UInt8]?
    var line: Int
    var column: Int
}

/// A `{{$name}}` block: a place a parent template lets its callers fill.
struct MustacheBlock: Sendable {
    var name: String
    var content: [MustacheNode]
    /// Whether the opening tag stood alone on its line; then the content was dedented and is
    /// indented again where it is expanded.
    var isStandalone: Bool
    /// The whitespace before a standalone opening tag.
    var before: [UInt8]
    /// The indentation the content had where it was defined (removed by the dedent).
    var intrinsicIndent: [UInt8]
    var position: MustachePosition

    /// The indentation to add where the block is expanded.
    var expansionIndent: [UInt8] { intrinsicIndent.isEmpty ? before : intrinsicIndent }
}
