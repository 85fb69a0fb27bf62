/// `aemtli template`: the group of template commands.
enum TemplateCommand {
    static let spec = CommandSpec(
        "template", abstract: "Render or export Mustache templates.",
        subcommands: [TemplateRenderCommand.spec, TemplateExportCommand.spec])
}
