import Foundation

/// OpenAPI 3.0/3.1 (JSON or YAML) → a readable, formatted `.http` file, the input of the Swift generator.
///
/// ```swift
/// let result = OpenAPIImporter.importSpec(SourceFile(name: "openapi.yaml", bytes: bytes))
/// if let text = result.text, !result.diagnostics.containsErrors {
///     try text.write(toFile: "api.http", atomically: true, encoding: .utf8)
/// }
/// ```
/// Parse errors are errors at the spec's `file:line:col`; what `.http` cannot express exactly is a warning
/// pointing at the spec's line and a `// openapi:` comment in the output, never Swift that does not compile.
/// The output is deterministic: the same spec gives the same bytes, so a checked-in import changes only when
/// the spec does and its diff can be reviewed.
public enum OpenAPIImporter {
    /// An import's result: the text, what was lost or wrong, and the text's own compile check, so a caller can
    /// decide to write the file and generate Swift without reading the spec twice.
    public struct Result: Sendable {
        /// The `.http` text (`nil` when the spec could not be read). It is present even when `diagnostics`
        /// holds errors, for inspection: write it only when `diagnostics.containsErrors` is false, as `httpidl`
        /// does.
        public let text: String?
        /// Errors and warnings, located in the spec (`file:line:col` of the node they come from), because the
        /// spec is what the user edits to fix them. Render them with ``DiagnosticRenderer`` and the spec's
        /// ``SourceFile``.
        public let diagnostics: [Diagnostic]
        /// The check of `text` (compiled without strict mode, without outputs; its diagnostics are located in the
        /// `.http` named `httpName(for:)`): `HTTPIDLCompiler.generating(_:)` makes Swift from it (applying
        /// that compiler's strict mode), which saves compiling the text a second time. Nil when the spec could
        /// not be read.
        public let checked: HTTPIDLCompiler.Result?
    }

    /// Whether a file name is an OpenAPI document httpidl reads (`.json`, `.yaml`, `.yml`, in any letter case),
    /// so a tool can route inputs to the importer or the `.http` compiler by name alone.
    public static func isSpecFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".json") || lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    /// `dir/openapi.yaml` → `dir/openapi.http`: the name the imported text is checked and reported under, and
    /// the file a tool writes it to. A name without a spec extension gets `.http` appended.
    public static func httpName(for specName: String) -> String {
        guard let dot = specName.lastIndex(of: "."), isSpecFileName(specName) else { return specName + ".http" }
        return specName[..<dot] + ".http"
    }

    /// Reads the document (JSON when the name ends in `.json` or the text starts with `{`, YAML otherwise).
    package static func parseDocument(_ source: SourceFile) throws(YAMLError) -> YAMLNode {
        let first = source.scalars.first { $0 != " " && $0 != "\n" && $0 != "\r" && $0 != "\t" && $0 != "\u{FEFF}" }
        if source.name.lowercased().hasSuffix(".json") || first == "{" { return try JSONReader.read(source) }
        return try YAMLParser.parse(source)
    }

    /// Imports one spec: parses it (JSON when the name ends in `.json` or the text starts with `{`, YAML
    /// otherwise), translates it to `.http`, and compiles the result to check it. Never throws or traps on bad
    /// input: a spec that does not parse gives a nil `text` and one error diagnostic.
    public static func importSpec(_ source: SourceFile) -> Result {
        let root: YAMLNode
        do {
            root = try parseDocument(source)
        } catch {
            return Result(text: nil, diagnostics: [error.diagnostic(in: source)], checked: nil)
        }
        var translator = OpenAPITranslator(source: source, root: root)
        translator.translate()
        let title = root["info"]?["title"]?.string.map { " \($0)" } ?? ""
        let version = root["info"]?["version"]?.scalarText.map { " \($0)" } ?? ""
        let fileName = source.name.split(separator: "/").last.map(String.init) ?? source.name
        let header = ["Imported by httpidl from \(fileName) (OpenAPI \(root["openapi"]?.scalarText ?? "?")):\(title)\(version)."
            .replacingOccurrences(of: "\n", with: " ")]
        let (text, startLines) = ImportedFileWriter.render(translator.declarations, header: header)
        let (checked, failures) = checkCompiles(text, startLines: startLines, origins: translator.origins, spec: source)
        return Result(text: text, diagnostics: translator.diagnostics + failures, checked: checked)
    }

    /// The errors of compiling the imported text, each reported at the spec's node it was made from and named by
    /// that node's JSON pointer (the `.http` is not written when the import fails, so it cannot be pointed at).
    static func checkCompiles(_ text: String, startLines: [Int], origins: [SpecLocation], spec: SourceFile)
        -> (HTTPIDLCompiler.Result, [Diagnostic]) {
        let result = HTTPIDLCompiler().compile([SourceFile(name: httpName(for: spec.name), text: text)], generate: false)
        return (result, result.diagnostics.filter { $0.severity == .error }.map { diagnostic in
            let index = startLines.lastIndex { $0 <= diagnostic.location.line }
            let origin = index.map { origins[$0] } ?? SpecLocation(pointer: "#", offset: 0)
            return Diagnostic(.error, "the .http imported from \(origin.pointer) does not compile: \(diagnostic.message)",
                              at: SourceRange(start: origin.offset, end: origin.offset + 1), in: spec)
        })
    }

    /// The libFuzzer-style entry point: any bytes go through the YAML/JSON reader, the importer and the
    /// `.http` compiler (without writing anything). Never crashes, never hangs; returns whether Swift was produced.
    @discardableResult
    package static func fuzz(_ bytes: [UInt8]) -> Bool {
        let source = SourceFile(name: "fuzz.yaml", bytes: bytes)
        let result = importSpec(source)
        guard let text = result.text else { return false }
        return HTTPIDLCompiler().compile([SourceFile(name: "fuzz.http", text: text)]).succeeded
    }
}
