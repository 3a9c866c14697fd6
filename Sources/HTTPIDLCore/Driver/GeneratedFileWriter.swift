import Foundation

/// Writes generated files into a directory — all of them or, if anything fails, as few as possible:
/// the compiler only hands it outputs of an error-free run, and each file is written atomically.
public struct GeneratedFileWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Writes each output as `directory/<fileName>`, creating the directory. Files whose contents are
    /// already identical are left untouched (their modification date too).
    public func write(_ outputs: [HTTPIDLCompiler.Output], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for output in outputs {
            let url = directory.appendingPathComponent(output.fileName)
            let data = Data(output.contents.utf8)
            if let existing = try? Data(contentsOf: url), existing == data { continue }
            try data.write(to: url, options: .atomic)
        }
    }
}
