import Foundation
import PackagePlugin

/// Runs `httpidl generate` on a target's `.http` files at build time: one Swift file per `.http` file, all
/// compiled together (so types declared in one file can be used in another) in a single build command whose
/// inputs and outputs are declared, so SwiftPM reruns it only when a `.http` file changes.
@main
struct HTTPIDLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles(withSuffix: "http").map(\.url).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let outputs = inputs.map {
            outputDirectory.appendingPathComponent($0.deletingPathExtension().lastPathComponent + ".swift")
        }
        let tool = try context.tool(named: "httpidl")
        return [
            .buildCommand(
                displayName: "httpidl: generating Swift for \(inputs.count) .http file(s) of \(target.name)",
                executable: tool.url,
                arguments: ["generate"] + inputs.map(\.path) + ["--output", outputDirectory.path],
                inputFiles: inputs,
                outputFiles: outputs
            ),
        ]
    }
}
