import Foundation
import Testing
@testable import HTTPIDLCore

/// Every `.http` file under `Golden/` compiles without diagnostics to exactly the `.swift` file next to it.
/// Regenerate the expected files with `HTTPIDL_UPDATE_GOLDEN=1 swift test --filter GoldenTests`.
@Suite struct GoldenTests {
    static let updating = ProcessInfo.processInfo.environment["HTTPIDL_UPDATE_GOLDEN"] == "1"

    private func load(_ name: String) throws -> SourceFile {
        let url = TestSupport.goldenDirectory.appendingPathComponent("\(name).http")
        return SourceFile(name: "\(name).http", bytes: Array(try Data(contentsOf: url)))
    }

    @Test func corpusIsPresent() {
        #expect(TestSupport.goldenNames.count >= 15)
    }

    @Test(arguments: TestSupport.goldenNames)
    func generatesExpectedSwift(name: String) throws {
        let result = TestSupport.compile(try load(name))
        #expect(result.diagnostics.isEmpty, "\(TestSupport.summaries(result))")
        let output = try #require(result.outputs.first)
        #expect(output.fileName == "\(name).swift")
        let expectedURL = TestSupport.goldenDirectory.appendingPathComponent("\(name).swift")
        if Self.updating {
            try Data(output.contents.utf8).write(to: expectedURL)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(output.contents == expected, "generated Swift for \(name).http differs from Golden/\(name).swift")
    }

    @Test(arguments: TestSupport.goldenNames)
    func outputIsDeterministic(name: String) throws {
        let source = try load(name)
        #expect(TestSupport.swift(TestSupport.compile(source)) == TestSupport.swift(TestSupport.compile(source)))
    }

    /// Formatting keeps the meaning (same generated Swift), keeps every comment, and is idempotent.
    @Test(arguments: TestSupport.goldenNames)
    func formatterPreservesMeaningAndIsIdempotent(name: String) throws {
        let source = try load(name)
        let (formatted, diagnostics) = IDLFormatter.format(source)
        #expect(!diagnostics.containsErrors)
        let text = try #require(formatted)
        let again = IDLFormatter.format(SourceFile(name: source.name, text: text)).text
        #expect(again == text)
        let reformattedSwift = TestSupport.swift(TestSupport.compile(SourceFile(name: source.name, text: text)))
        #expect(reformattedSwift == TestSupport.swift(TestSupport.compile(source)))
        let originalComments = Lexer(source: source).comments.map(\.text)
        let keptComments = Lexer(source: SourceFile(name: source.name, text: text)).comments.map(\.text)
        #expect(keptComments == originalComments)
    }

    /// `courier-bench query` checks the query structs of Sources/courier-bench/QueryBenchModels.swift, which must be
    /// exactly what httpidl generates from QueryBenchModels.http next to it (regenerated with `HTTPIDL_UPDATE_GOLDEN=1`).
    @Test func benchQueryModelsAreWhatHTTPIDLGenerates() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/courier-bench")
        let input = directory.appendingPathComponent("QueryBenchModels.http")
        let result = TestSupport.compile(SourceFile(name: "QueryBenchModels.http", bytes: Array(try Data(contentsOf: input))))
        #expect(result.diagnostics.isEmpty, "\(TestSupport.summaries(result))")
        let output = try #require(result.outputs.first)
        let expectedURL = directory.appendingPathComponent(output.fileName)
        if Self.updating {
            try Data(output.contents.utf8).write(to: expectedURL)
            return
        }
        #expect(output.contents == (try String(contentsOf: expectedURL, encoding: .utf8)),
                "Sources/courier-bench/\(output.fileName) is not what httpidl generates from QueryBenchModels.http")
    }

    @Test func internalAccessDropsPublic() throws {
        let source = try load("recursive_structs")
        let publicSwift = TestSupport.swift(TestSupport.compile(source))
        let internalSwift = TestSupport.swift(TestSupport.compile(source, access: .internal))
        #expect(!internalSwift.contains("public "))
        #expect(internalSwift == publicSwift.replacingOccurrences(of: "public ", with: ""))
    }
}
