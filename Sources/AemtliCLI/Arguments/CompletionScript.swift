/// Completion of aemtli's commands, options and option values for bash and zsh, made from the same
/// `CommandSpec`s as `--help`: `aemtli --generate-completion-script bash` (or `zsh`) prints it, and
/// `.deploy/package` installs both. The tables and the walk over the typed words are plain `sh`,
/// the same for both shells; only the few lines that hand the result to the shell differ.
struct CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh
    }

    let root: CommandSpec
    let shell: Shell

    var text: String {
        let header = [
            "# Completion for aemtli, made by 'aemtli --generate-completion-script \(shell.rawValue)' from the",
            "# commands' own tables: change the commands, not this.",
        ]
        switch shell {
        case .bash:
            return (header + tables + walk + bashEntry).joined(separator: "\n") + "\n"
        case .zsh:
            return (["#compdef aemtli"] + header + tables + walk + zshEntry).joined(separator: "\n") + "\n"
        }
    }

    /// Four functions of a command's words after `aemtli` ("" for aemtli itself): its
    /// subcommands, its options, how an option's value completes and how its argument does.
    private var tables: [String] {
        let tree = root.commandTree.map { (key: $0.path.joined(separator: " "), command: $0.command) }
        var lines = ["", "# The subcommands of command $1 (its words after aemtli; '' for aemtli itself)."]
        lines += function(
            "_aemtli_subcommands", "$1",
            tree.filter { !$0.command.subcommands.isEmpty }.map {
                (["'\($0.key)'"], $0.command.subcommands.map(\.name).joined(separator: " "))
            })
        lines += ["", "# The options of command $1."]
        lines += function(
            "_aemtli_options", "$1",
            tree.map { entry in
                let builtIn = HelpFormatter.builtInOptions(root: entry.key.isEmpty).flatMap {
                    $0.label.components(separatedBy: ", ")
                }
                return (
                    ["'\(entry.key)'"], (entry.command.options.map { "--" + $0.name } + builtIn).joined(separator: " ")
                )
            })
        // One arm per way of completing, listing every command and option that completes that way.
        var arms: [(patterns: [String], result: String)] = []
        for entry in tree {
            for option in entry.command.options where !option.isFlag {
                let result =
                    option.choices.isEmpty
                    ? Self.kind(of: option.valueName ?? "") : "words " + option.choices.joined(separator: " ")
                let pattern = "'\(entry.key) --\(option.name)'"
                if let index = arms.firstIndex(where: { $0.result == result }) {
                    arms[index].patterns.append(pattern)
                } else {
                    arms.append(([pattern], result))
                }
            }
        }
        lines += [
            "", "# How the value of option $2 of command $1 completes: 'words LIST', 'files', 'dirs' or 'any';",
            "# nothing for an option that takes no value.",
        ]
        lines += function("_aemtli_value", "$1 $2", arms)
        lines += ["", "# How the argument of command $1 completes; nothing for a command that takes none."]
        lines += function(
            "_aemtli_argument", "$1",
            tree.compactMap { entry in
                entry.command.arguments.first.map { (["'\(entry.key)'"], Self.kind(of: $0.name)) }
            })
        return lines
    }

    /// What a value named like this completes to: a file for a path, a folder for a folder,
    /// nothing (`any`) for a date, a name, an address or a number.
    private static func kind(of valueName: String) -> String {
        switch valueName {
        case "path", "file", "json", "template": return "files"
        case "dir": return "dirs"
        default: return "any"
        }
    }

    private func function(_ name: String, _ subject: String, _ arms: [(patterns: [String], result: String)]) -> [String]
    {
        ["\(name)() {", "    case \"\(subject)\" in"]
            + arms.map { "    \($0.patterns.joined(separator: "|"))) printf '%s\\n' '\($0.result)' ;;" }
            + ["    esac", "}"]
    }

    /// The walk: the words before the cursor lead down the command tree (`aemtli help` too, to
    /// the commands only), skipping each option's value; then the word at the cursor completes to
    /// an option's value, an option, a subcommand or the argument.
    private var walk: [String] {
        [
            "",
            "# What the last of \"$@\" (the word at the cursor) completes to, after the words before it.",
            "_aemtli_candidates() {",
            "    local command='' help='' word value",
            "    while [ $# -gt 1 ]; do",
            "        word=$1",
            "        shift",
            "        case $word in",
            "        -*=*) ;;",
            "        -*)",
            "            value=$(_aemtli_value \"$command\" \"$word\")",
            "            if [ -n \"$value\" ]; then",
            "                if [ $# -eq 1 ]; then",
            "                    printf '%s\\n' \"$value\"",
            "                    return",
            "                fi",
            "                shift",
            "            fi",
            "            ;;",
            "        *)",
            "            if [ -z \"$command$help\" ] && [ \"$word\" = help ]; then",
            "                help=yes",
            "            else",
            "                case \" $(_aemtli_subcommands \"$command\") \" in",
            "                *\" $word \"*) command=${command:+$command }$word ;;",
            "                esac",
            "            fi",
            "            ;;",
            "        esac",
            "    done",
            "    value=$(_aemtli_subcommands \"$command\")",
            "    if [ \"${1#-}\" != \"$1\" ]; then",
            "        [ -z \"$help\" ] || command=help",
            "        printf '%s\\n' \"words $(_aemtli_options \"$command\")\"",
            "    elif [ -n \"$value$help\" ]; then",
            "        printf '%s\\n' \"words $value\"",
            "    elif [ -n \"$(_aemtli_argument \"$command\")\" ]; then",
            "        _aemtli_argument \"$command\"",
            "    else",
            "        printf '%s\\n' \"words $(_aemtli_options \"$command\")\"",
            "    fi",
            "}",
        ]
    }

    private var bashEntry: [String] {
        [
            "",
            "_aemtli() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} found",
            "    found=$(_aemtli_candidates \"${COMP_WORDS[@]:1:COMP_CWORD-1}\" \"$cur\")",
            "    COMPREPLY=()",
            "    case $found in",
            "    words*) COMPREPLY=($(compgen -W \"${found#words}\" -- \"$cur\")) ;;",
            "    files | dirs)",
            "        local IFS=$'\\n'",
            "        compopt -o filenames 2>/dev/null",
            "        COMPREPLY=($(compgen -\"${found:0:1}\" -- \"$cur\"))",
            "        ;;",
            "    esac",
            "}",
            "complete -F _aemtli aemtli",
        ]
    }

    private var zshEntry: [String] {
        [
            "",
            "_aemtli() {",
            "    local found",
            "    found=$(_aemtli_candidates \"${(@)words[2,CURRENT]}\")",
            "    case $found in",
            "    words*) compadd -- ${=found#words} ;;",
            "    files) _files ;;",
            "    dirs) _files -/ ;;",
            "    esac",
            "}",
            "",
            "# Loaded by compinit from its folder, this file is _aemtli's body: it runs the completion.",
            "if [ \"${funcstack[1]}\" = _aemtli ]; then",
            "    _aemtli \"$@\"",
            "else",
            "    compdef _aemtli aemtli",
            "fi",
        ]
    }
}
