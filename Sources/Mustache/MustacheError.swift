/// A template that cannot be parsed or rendered, with the template's name, line and column.
public struct MustacheError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unclosedTag(String)
        case emptyTag(String)
        case invalidDelimiters(String)
        case unclosedSection(String)
        case unopenedSection(String)
        case mismatchedSection(open: String, close: String)
        case unknownPartial(String)
        case recursionTooDeep(String, limit: Int)
        case nestingTooDeep(String, limit: Int)
        case outputTooLarge(inside: Scope, limit: Int)
        case tooManySteps(inside: Scope, limit: Int)
        case templateTooLarge(limit: Int)
    }

    /// What was being rendered where a render ran over its budget.
    public enum Scope: Equatable, Sendable {
        case section(String)
        case partial(String)
        case template(String)
    }

    public var reason: Reason
    public var template: String
    public var line: Int
    public var column: Int

    public init(_ reason: Reason, template: String, line: Int, column: Int) {
        self.reason = reason
        self.template = template
        self.line = line
        self.column = column
    }

    /// `TEMPLATE:LINE:COLUMN: what is wrong; what to do.`
    public var description: String {
        "\(template):\(line):\(column): \(explanation)"
    }

    private var explanation: String {
        switch reason {
        case .unclosedTag(let close):
            return "the tag is never closed; end it with \"\(close)\"."
        case .emptyTag(let tag):
            return "the tag \"\(tag)\" has no name; write a name inside it."
        case .invalidDelimiters(let tag):
            return
                "\"\(tag)\" is not a valid delimiter change; write two delimiters without spaces or \"=\" in them, like {{=<% %>=}}."
        case .unclosedSection(let name):
            return "the section \"\(name)\" is never closed; add {{/\(name)}} after its content."
        case .unopenedSection(let name):
            return "{{/\(name)}} closes a section that is not open; remove it or open the section with {{#\(name)}}."
        case .mismatchedSection(let open, let close):
            return
                "{{/\(close)}} does not match the open section \"\(open)\"; close \"\(open)\" first with {{/\(open)}}."
        case .unknownPartial(let name):
            return "the partial \"\(name)\" does not exist; add a template named \"\(name)\" or fix the name."
        case .recursionTooDeep(let name, let limit):
            return
                "partials nest deeper than \(limit) levels at \"\(name)\"; a partial probably includes itself without end."
        case .nestingTooDeep(let name, let limit):
            return
                "sections and blocks nest deeper than \(limit) levels at \"\(name)\"; nest them less deeply (a block inside a block of the same name repeats without end)."
        case .outputTooLarge(let scope, let limit):
            return
                "the output grows past \(Self.bytes(limit)) inside \(scope.phrase); it probably repeats too often (long lists inside each other)."
        case .tooManySteps(let scope, let limit):
            return
                "rendering takes more than \(limit) steps inside \(scope.phrase); it probably repeats too often (long lists inside each other)."
        case .templateTooLarge(let limit):
            return "the template is larger than \(Self.bytes(limit)); split it into partials."
        }
    }

    /// `64 MiB` for whole mebibytes, else `100 bytes`.
    private static func bytes(_ count: Int) -> String {
        count > 0 && count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }
}

extension MustacheError.Scope {
    var phrase: String {
        switch self {
        case .section(let name): return "the section \"\(name)\""
        case .partial(let name): return "the partial \"\(name)\""
        case .template(let name): return "the template \"\(name)\""
        }
    }
}
