import Foundation
@testable import HTTPIDLCore

/// Helpers shared by the HTTPIDLCore tests.
enum TestSupport {
    /// The golden corpus directory (`Tests/HTTPIDLCoreTests/Golden`).
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The names (without extension) of every `.http` file of the golden corpus, sorted.
    static let goldenNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".http") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Compiles one in-memory file.
    static func compile(_ text: String, name: String = "test.http", strict: Bool = false,
                        access: SwiftGenerator.AccessLevel = .public) -> HTTPIDLCompiler.Result {
        compile(SourceFile(name: name, text: text), strict: strict, access: access)
    }

    /// Compiles one source file.
    static func compile(_ source: SourceFile, strict: Bool = false, access: SwiftGenerator.AccessLevel = .public) -> HTTPIDLCompiler.Result {
        HTTPIDLCompiler(options: .init(strict: strict, generator: .init(accessLevel: access))).compile([source])
    }

    /// `line:column: severity: message` for each diagnostic.
    static func summaries(_ result: HTTPIDLCompiler.Result) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
    }

    /// The generated Swift of a single-file result ("" when it failed).
    static func swift(_ result: HTTPIDLCompiler.Result) -> String {
        result.outputs.first?.contents ?? ""
    }
}
