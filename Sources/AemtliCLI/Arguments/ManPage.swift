/// The manual page aemtli(1) in roff's man macros, made from the same `CommandSpec`s as `--help`
/// (each command's usage, abstract, discussion, arguments and options), so that it cannot say what
/// the commands do not. `aemtli --generate-man-page` prints it; `.deploy/package` installs it.
struct ManPage {
    let root: CommandSpec
    let version: String

    var text: String {
        var lines = [
            #".\" Made by 'aemtli --generate-man-page' from the commands' own help: change the commands, not this."#,
            ".TH AEMTLI 1 \"\" \"aemtli \(version)\" \"User Commands\"",
            // Left-aligned and unhyphenated: an option or a path broken across lines cannot be copied.
            ".ad l", ".nh",
            ".SH NAME",
            // whatis(1) reads "name \- summary": a summary starts in lower case and ends without a full stop.
            "aemtli \\- " + Self.escaped(root.abstract.prefix(1).lowercased() + root.abstract.dropFirst().dropLast()),
            ".SH SYNOPSIS",
        ]
        lines += Self.usage(HelpFormatter(command: root, path: []).usage + "\n\(HelpFormatter.toolName) --version")
        lines += [".SH DESCRIPTION"] + Self.paragraphs(root.abstract)
        if let discussion = root.discussion { lines += [".PP"] + Self.paragraphs(discussion) }
        lines += Self.options(of: root, root: true)
        lines.append(".SH COMMANDS")
        for (path, command) in root.commandTree where !path.isEmpty {
            lines += [".SS \"" + Self.escaped(([HelpFormatter.toolName] + path).joined(separator: " ")) + "\""]
            lines += Self.paragraphs(command.abstract)
            if let discussion = command.discussion { lines += [".PP"] + Self.paragraphs(discussion) }
            lines += [".PP"] + Self.usage(HelpFormatter(command: command, path: path).usage)
            for argument in command.arguments {
                lines += [".TP", "\\fI<\(Self.escaped(argument.name))>\\fR"] + Self.paragraphs(argument.help)
            }
            lines += Self.options(of: command, root: false).dropFirst()
        }
        lines += [
            ".SH SEE ALSO",
            "README.md, beside the source or in /usr/share/doc/aemtli/ where a package installed aemtli;",
            "\\fBaemtli help\\fR \\fIcommand\\fR shows a command's part of this page.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An OPTIONS section (for the root) or the option list under a command's heading (the first
    /// line, the heading, dropped).
    private static func options(of command: CommandSpec, root: Bool) -> [String] {
        var lines = [".SH OPTIONS"]
        let rows =
            command.options.map { ($0.synopsis, $0.help) } + HelpFormatter.builtInOptions(root: root).map { $0 }
        for (label, help) in rows {
            lines += [".TP", label.split(separator: " ").map { term(String($0)) }.joined(separator: " ")]
            lines += paragraphs(help)
        }
        return lines
    }

    /// `--store` in bold and `<path>` in italics, as man pages show what is typed and what is
    /// replaced.
    private static func term(_ word: String) -> String {
        word.hasPrefix("<") ? "\\fI\(escaped(word))\\fR" : "\\fB\(escaped(word))\\fR"
    }

    /// A usage line (two for a group that also runs itself): the command's words in bold, then its
    /// arguments and options, filled so that a long line wraps, but never inside `[--store <path>]`.
    private static func usage(_ text: String) -> [String] {
        text.split(separator: "\n").enumerated().flatMap { index, line -> [String] in
            var parts: [String] = []
            for word in line.split(separator: " ") {
                if let last = parts.last, last.hasPrefix("["), !last.hasSuffix("]") {
                    parts[parts.count - 1] += " " + word
                } else {
                    parts.append(String(word))
                }
            }
            let command = parts.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") }
            let rest = parts.dropFirst(command.count).map { part in
                escaped(part).replacingOccurrences(of: " ", with: "\\ ")
                    .replacingOccurrences(of: "<", with: "\\fI<").replacingOccurrences(of: ">", with: ">\\fR")
            }
            return (index > 0 ? [".br"] : []) + [".B " + escaped(command.joined(separator: " "))]
                + (rest.isEmpty ? [] : [rest.joined(separator: " ")])
        }
    }

    /// Prose as roff text lines: a line of the text as a line of the page, an empty one as a
    /// paragraph break, and indented lines (a discussion's examples) indented and kept as they are.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var inExample = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let indented = line.first == " " && !trimmed.isEmpty
            if indented != inExample {
                lines += indented ? [".RS 2", ".nf"] : [".fi", ".RE"]
                inExample = indented
            } else if !indented, !trimmed.isEmpty, let last = lines.last, last != ".PP" {
                lines.append(".br")
            }
            lines.append(trimmed.isEmpty ? ".PP" : escaped(trimmed))
        }
        return lines + (inExample ? [".fi", ".RE"] : [])
    }

    /// Text made literal for roff: a backslash as `\e`, the dashes of an option as minus signs
    /// (so that `--store` can be copied from the page), and a line that would start with a
    /// control character (`.` or `'`) or a space made to start with `\&`.
    static func escaped(_ text: String) -> String {
        let words = text.replacingOccurrences(of: "\\", with: "\\e").split(
            separator: " ", omittingEmptySubsequences: false)
        let line = words.map { word -> String in
            let start = word.drop { "('\"[".contains($0) }
            return start.hasPrefix("-") ? word.replacingOccurrences(of: "-", with: "\\-") : String(word)
        }.joined(separator: " ")
        return line.hasPrefix(".") || line.hasPrefix("'") || line.hasPrefix(" ") ? "\\&" + line : line
    }
}
