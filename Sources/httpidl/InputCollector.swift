import Foundation

/// Expands command-line inputs: files as given, directories searched recursively for `.http` files (sorted,
/// so the output order never depends on the file system).
enum InputCollector {
    /// An input path that does not exist.
    struct MissingInput: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file or directory: '\(path)'" }
    }

    /// The files to compile; calls `emptyDirectory` for each directory input holding no `.http` file.
    static func collect(_ inputs: [String], emptyDirectory: (String) -> Void = { _ in }) throws -> [String] {
        var result: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { throw MissingInput(path: input) }
            if !isDirectory.boolValue {
                result.append(input)
                continue
            }
            let base = input.hasSuffix("/") ? String(input.dropLast()) : input
            let found = (FileManager.default.enumerator(atPath: input)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".http") }
                .sorted()
            if found.isEmpty { emptyDirectory(input) }
            result += found.map { "\(base)/\($0)" }
        }
        return result
    }
}
