import Foundation

/// The shared real-world OpenAPI specs (`../shared/openapi` next to the repository), when present.
enum SharedSpecs {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/openapi")

    /// Whether the directory exists (tests that need it are skipped otherwise).
    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path) }

    /// The spec file names (`.json`, `.yaml`), sorted; empty when the directory is absent.
    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }

    static func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map(Array.init)
    }
}
