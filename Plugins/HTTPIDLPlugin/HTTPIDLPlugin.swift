import Foundation
import PackagePlugin

/// Runs `httpidl generate` on a target's `.http` files and OpenAPI documents (`openapi.json`, `openapi.yaml`,
/// `openapi.yml`, or any `*.openapi.json|yaml|yml`) at build time: one Swift file per input, all compiled
/// together (so types declared in one file can be used in another) in a single build command whose inputs and
/// outputs are declared, so the build reruns it only when an input changes. Applied to a package's target
/// (`plugins: [.plugin(name: "HTTPIDLPlugin", package: "Courier")]`) or, in Xcode, to an app target's
/// Run Build Tool Plug-ins phase (`XcodeBuildToolPlugin` below).
@main
struct HTTPIDLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(
            inputs: target.sourceFiles.map(\.url), targetName: target.name,
            workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "httpidl").url
        )
    }

    /// The one build command for `inputs` (those `isInput` accepts), shared by the package and Xcode entry points.
    static func commands(inputs: [URL], targetName: String, workDirectory: URL, tool: URL) -> [Command] {
        let inputs = inputs.filter(isInput).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources")
        // The outputs are declared ahead, so the plugin names the number of parts each file's Swift is split into
        // (`api.swift`, `api.2.swift`, …; parallel compilation of a large API): one per 128 KB of input.
        let bytes = inputs.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
        let parts = min(1000, max(1, bytes / (128 * 1024)))
        let outputs = inputs.flatMap { input in
            (1...parts).map { part in
                outputDirectory.appendingPathComponent(input.deletingPathExtension().lastPathComponent + (part > 1 ? ".\(part)" : "") + ".swift")
            }
        }
        return [
            .buildCommand(
                displayName: "httpidl: generating Swift for \(inputs.count) interface file(s) of \(targetName)",
                executable: tool,
                arguments: ["generate"] + inputs.map(\.path) + ["--output", outputDirectory.path, "--parts", String(parts)],
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

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command for an Xcode app or framework target: its `.http` and OpenAPI files are those of the target's
/// sources (add them to the target, not to Copy Bundle Resources).
extension HTTPIDLPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        Self.commands(
            inputs: target.inputFiles.map(\.url), targetName: target.displayName,
            workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "httpidl").url
        )
    }
}
#endif
