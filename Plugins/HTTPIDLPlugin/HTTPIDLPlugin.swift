import Foundation
import PackagePlugin

/// Runs `httpidl generate` on a target's `.http` files and OpenAPI documents (`openapi.json`, `openapi.yaml`,
/// `openapi.yml`, or any `*.openapi.json|yaml|yml`) at build time: one Swift file per input, all compiled
/// together (so types declared in one file can be used in another) in a single build command whose inputs and
/// outputs are declared, so SwiftPM reruns it only when an input changes.
@main
struct HTTPIDLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles.map(\.url).filter(Self.isInput).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let outputs = inputs.map {
            outputDirectory.appendingPathComponent($0.deletingPathExtension().lastPathComponent + ".swift")
        }
        let tool = try context.tool(named: "httpidl")
        return [
            .buildCommand(
                displayName: "httpidl: generating Swift for \(inputs.count) interface file(s) of \(target.name)",
                executable: tool.url,
                arguments: ["generate"] + inputs.map(\.path) + ["--output", outputDirectory.path],
                inputFiles: inputs,
                outputFiles: outputs
            ),
        ]
    }

    /// `.http` files, and OpenAPI documents recognized by name (other JSON/YAML files are left alone).
    static func isInput(_ url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        if name.hasSuffix(".http") { return true }
        return ["json", "yaml", "yml"].contains { name == "openapi.\($0)" || name.hasSuffix(".openapi.\($0)") }
    }
}
