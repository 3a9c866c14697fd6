import Foundation

/// Writes generated files into a directory — all of them or, if anything fails, as few as possible:
/// the compiler only hands it outputs of an error-free run, and each file is written atomically.
public struct GeneratedFileWriter: Sendable {
    /// Creates a writer; it has no settings.
    public init() {}

    /// Writes each output as `directory/<fileName>`, creating the directory. Files whose contents are
    /// already identical are left untouched (their modification date too), so a build system does not
    /// recompile Swift that did not change.
    /// Parts a previous run split a file into and this one does not write (`api.3.swift` after `api.swift`
    /// shrank to two parts) are removed, so no type is declared twice.
    /// - Throws: The file system's error when the directory cannot be created or a file cannot be written or
    ///   removed; files written before the failure stay.
    public func write(_ outputs: [HTTPIDLCompiler.Output], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let written = Set(outputs.map(\.fileName))
        let bases = Set(outputs.map { String(HTTPIDLCompiler.outputFileName(for: $0.sourceName).dropLast(6)) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where !written.contains(name) {
            guard name.hasSuffix(".swift"), let dot = name.dropLast(6).lastIndex(of: "."),
                  bases.contains(String(name[..<dot])), Int(name[name.index(after: dot)...].dropLast(6)) != nil else { continue }
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
        for output in outputs {
            let url = directory.appendingPathComponent(output.fileName)
            let data = Data(output.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data { continue }
            try data.write(to: url, options: .atomic)
        }
    }
}
