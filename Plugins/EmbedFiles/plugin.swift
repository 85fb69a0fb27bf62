import Foundation
import PackagePlugin

/// Runs `embed-files` over the package's Templates/ and Public/ before compiling the target.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directory.appending("Templates")
        let assets = context.package.directory.appending("Public")
        let output = context.pluginWorkDirectory.appending("EmbeddedFiles.swift")
        let inputs = [templates, assets].flatMap { folder -> [Path] in
            let enumerator = FileManager.default.enumerator(atPath: folder.string)
            return (enumerator?.allObjects as? [String] ?? []).map { folder.appending($0) }
        }
        return [.buildCommand(
            displayName: "Embedding Templates/ and Public/",
            executable: try context.tool(named: "embed-files").path,
            arguments: [templates.string, assets.string, output.string],
            inputFiles: inputs, outputFiles: [output])]
    }
}
