import Foundation
import Testing
import HTTPIDLCore

/// `Options.strict` holds on every entry point of `HTTPIDLCompiler`.
@Suite struct StrictModeTests {
    static let warned = SourceFile(name: "w.http", text: "STRUCT A { Nope x; }\n")

    /// Found in the doc audit: `generating(_:)` kept a check's warnings as warnings, so a strict compiler made
    /// Swift from a check (an OpenAPI import's) that `compile` would have failed.
    @Test func generatingAppliesStrictModeToAGivenCheck() {
        let check = HTTPIDLCompiler().compile([Self.warned], generate: false)
        #expect(check.succeeded && check.diagnostics.map(\.severity) == [.warning])
        let strict = HTTPIDLCompiler(options: .init(strict: true)).generating(check)
        #expect(!strict.succeeded && strict.outputs.isEmpty)
        #expect(strict.diagnostics.map(\.severity) == [.error])
        #expect(strict.diagnostics.map(\.severity) == HTTPIDLCompiler(options: .init(strict: true)).compile([Self.warned]).diagnostics.map(\.severity))
        let lenient = HTTPIDLCompiler().generating(check)
        #expect(lenient.succeeded && lenient.outputs.map(\.fileName) == ["w.swift"])
    }

    #if os(Linux) || os(macOS)
    /// `httpidl` writes no `.http` and no Swift from an import whose diagnostics hold an error, though the importer
    /// returns its text (here the error is a warning made one by `--strict`).
    @Test func theCommandWritesNothingFromAnImportWithErrors() async throws {
        let cli = CommandLineTests()
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("openapi.yaml")
        try Data(OpenAPICommandLineTests.spec.utf8).write(to: spec)
        #expect(OpenAPIImporter.importSpec(SourceFile(name: spec.path, text: OpenAPICommandLineTests.spec)).text != nil)
        let http = directory.appendingPathComponent("api.http")
        let imported = try await cli.run(["import", spec.path, "--strict", "--output", http.path])
        #expect(imported.status == 1 && imported.stderr.contains("error: cookie parameter 'session' is not imported"))
        #expect(imported.stdout.isEmpty && !FileManager.default.fileExists(atPath: http.path))
        let output = directory.appendingPathComponent("out")
        #expect(try await cli.run(["generate", spec.path, "--strict", "--output", output.path]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try await cli.run(["check", spec.path, "--strict"]).status == 1)
        #expect(try await cli.run(["check", spec.path]).status == 0)
    }
    #endif
}
