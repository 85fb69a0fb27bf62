/// Commands of SPEC §5 whose features have not landed yet. They are registered so that help lists
/// them and their options parse, and they say plainly that they are not built (exit 70).
enum PendingCommands {
    static func pending(_ feature: String) -> CommandSpec.Handler {
        return { invocation in
            throw CLIError(.notImplemented(command: invocation.path.joined(separator: " "), feature: feature), path: invocation.path)
        }
    }

    static let template = CommandSpec(
        "template", abstract: "Render or export Mustache templates.",
        subcommands: [
            TemplateRenderCommand.spec,
            CommandSpec(
                "export", abstract: "Write the built-in templates to a folder, as a starting point for your own.",
                arguments: [ArgumentSpec("dir", help: "The folder to write to.")],
                handler: pending("the site templates")),
        ])
}
