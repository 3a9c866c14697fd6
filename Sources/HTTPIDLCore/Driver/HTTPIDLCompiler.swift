/// httpidl's pipeline, one stage after the other on the calling thread, each stage a type:
///
/// 1. lex — `Lexer`: a `SourceFile`'s text → tokens and comments;
/// 2. parse — `Parser`: the tokens → a `FileSyntax` tree;
/// 3. check — `SemanticAnalyzer`: the trees of all files together → the `ValidatedModel`;
/// 4. generate — `SwiftGenerator`: each `ValidatedFile` → Swift declarations;
/// 5. render — `SwiftRenderer` (driven by the generator): the declarations → the text of one `.swift` file.
///
/// Stages 1-3 always run and report diagnostics; 4-5 only for an error-free run.
///
/// ```swift
/// let result = HTTPIDLCompiler().compile([SourceFile(name: "users.http", text: text)])
/// if result.succeeded { try GeneratedFileWriter().write(result.outputs, to: outputDirectory) }
/// ```
public struct HTTPIDLCompiler: Sendable {
    /// Settings of one run.
    public struct Options: Sendable {
        /// Treat warnings as errors.
        public var strict: Bool
        /// Generator settings.
        public var generator: SwiftGenerator.Options
        /// Semantic settings.
        public var analyzer: SemanticAnalyzer.Options

        /// Creates options.
        public init(strict: Bool = false, generator: SwiftGenerator.Options = .init(), analyzer: SemanticAnalyzer.Options = .init()) {
            self.strict = strict
            self.generator = generator
            self.analyzer = analyzer
        }
    }

    /// One generated Swift file.
    public struct Output: Sendable, Hashable {
        /// The `.http` file it comes from.
        public let sourceName: String
        /// The output file name (`users.http` → `users.swift`).
        public let fileName: String
        /// The Swift source.
        public let contents: String
    }

    /// The result of a run.
    public struct Result: Sendable {
        /// Every diagnostic, grouped by input file in order.
        public let diagnostics: [Diagnostic]
        /// The generated files; empty when any error was reported (no partial output).
        public let outputs: [Output]
        /// The validated model (present even with errors, for what could be checked).
        public let model: ValidatedModel

        /// Whether the run produced no error.
        public var succeeded: Bool { !diagnostics.containsErrors }
    }

    /// The settings.
    public let options: Options

    /// Creates a compiler.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Compiles `sources` together (they share one namespace) into one Swift file each.
    public func compile(_ sources: [SourceFile], generate: Bool = true) -> Result {
        let parsed = sources.map { Parser.parse(Lexer(source: $0)) }
        let (model, checkDiagnostics) = SemanticAnalyzer.analyze(parsed.map(\.0), options: options.analyzer)
        var diagnostics = order(parsed.flatMap(\.1) + checkDiagnostics, sources: sources) + duplicateOutputs(sources)
        diagnostics = diagnostics.promotingWarnings(options.strict)
        let checked = Result(diagnostics: diagnostics, outputs: [], model: model)
        return generate ? generating(checked) : checked
    }

    /// `checked` (a run without outputs) with its Swift generated, unless it has an error: an OpenAPI import's
    /// own check (`OpenAPIImporter.Result.checked`) becomes the run, without compiling its `.http` again.
    public func generating(_ checked: Result) -> Result {
        guard !checked.diagnostics.containsErrors else { return checked }
        let generator = SwiftGenerator(options: options.generator)
        let outputs = checked.model.files.flatMap { file in
            generator.generateParts(file).enumerated().map { index, contents in
                Output(sourceName: file.sourceName, fileName: Self.outputFileName(for: file.sourceName, part: index + 1), contents: contents)
            }
        }
        return Result(diagnostics: checked.diagnostics, outputs: outputs, model: checked.model)
    }

    /// `dir/users.http` → `users.swift`; its second part `users.2.swift`.
    public static func outputFileName(for sourceName: String, part: Int = 1) -> String {
        var base = sourceName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? sourceName
        if base.hasSuffix(".http") { base.removeLast(5) }
        for suffix in [".json", ".yaml", ".yml"] where base.lowercased().hasSuffix(suffix) { base.removeLast(suffix.count) }
        return base + (part > 1 ? ".\(part).swift" : ".swift")
    }

    private func order(_ diagnostics: [Diagnostic], sources: [SourceFile]) -> [Diagnostic] {
        let rank = Dictionary(sources.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return diagnostics.enumerated().sorted { lhs, rhs in
            let left = (rank[lhs.element.fileName] ?? 0, lhs.element.range.start, lhs.offset)
            let right = (rank[rhs.element.fileName] ?? 0, rhs.element.range.start, rhs.offset)
            return left < right
        }.map(\.element)
    }

    private func duplicateOutputs(_ sources: [SourceFile]) -> [Diagnostic] {
        var seen: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for source in sources {
            let output = Self.outputFileName(for: source.name)
            if let previous = seen[output] {
                diagnostics.append(Diagnostic(.error, "'\(source.name)' and '\(previous)' would both generate '\(output)'; rename one",
                                              at: SourceRange(start: 0, end: 0), in: source))
            }
            seen[output] = source.name
        }
        return diagnostics
    }
}
