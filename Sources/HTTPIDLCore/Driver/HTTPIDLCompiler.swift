/// httpidl's pipeline, one stage after the other on the calling thread, each stage a type:
///
/// 1. lex — `Lexer`: a `SourceFile`'s text → tokens and comments;
/// 2. parse — `Parser`: the tokens → a `FileSyntax` tree;
/// 3. check — `SemanticAnalyzer`: the trees of all files together → the `ValidatedModel`;
/// 4. generate — `SwiftGenerator`: each `ValidatedFile` → Swift declarations;
/// 5. render — `SwiftRenderer` (driven by the generator): the declarations → the text of one `.swift` file.
///
/// Stages 1-3 always run and report diagnostics; 4-5 only for an error-free run. This type is the one entry
/// point a tool needs (the `httpidl` command calls it, and the build plugin runs that command): the stages
/// run inside it, and ``SemanticAnalyzer`` and ``SwiftGenerator`` are public only for their options.
///
/// ```swift
/// let result = HTTPIDLCompiler().compile([SourceFile(name: "users.http", text: text)])
/// if result.succeeded { try GeneratedFileWriter().write(result.outputs, to: outputDirectory) }
/// ```
public struct HTTPIDLCompiler: Sendable {
    /// Settings of one run; the defaults are those of `httpidl generate` without flags (public declarations,
    /// files split by size, warnings reported but not fatal).
    public struct Options: Sendable {
        /// Treat warnings as errors (off by default). Turn it on in CI to keep `.http` files free of what
        /// compiles but is likely a mistake: a `MESSAGE` without a `REQUEST` (nothing generated), an unknown
        /// type assumed to be a Swift type, a single-value body moved into the query.
        public var strict: Bool
        /// Generator settings: the access level and the number of files per source (see
        /// ``SwiftGenerator/Options``).
        public var generator: SwiftGenerator.Options
        /// Semantic settings: the runtime features the checked files may use (see ``SemanticAnalyzer/Options``).
        public var analyzer: SemanticAnalyzer.Options

        /// Creates options; every argument defaults to `httpidl generate`'s behaviour without flags.
        public init(strict: Bool = false, generator: SwiftGenerator.Options = .init(), analyzer: SemanticAnalyzer.Options = .init()) {
            self.strict = strict
            self.generator = generator
            self.analyzer = analyzer
        }
    }

    /// One generated Swift file, kept in memory so a caller decides where (and whether) to write it; write it
    /// with ``GeneratedFileWriter``.
    public struct Output: Sendable, Hashable {
        /// The `.http` file it comes from, as named in its ``SourceFile``, for messages and for grouping the
        /// parts of one source.
        public let sourceName: String
        /// The output file name (`users.http` → `users.swift`, its later parts `users.2.swift`, …), without
        /// a directory: the caller chooses where the files go.
        public let fileName: String
        /// The Swift source, UTF-8 text ready to write.
        public let contents: String
    }

    /// The result of a run: diagnostics always, Swift only when there was no error.
    public struct Result: Sendable {
        /// Every diagnostic, grouped by input file in the order the files were given and by position within
        /// each file, so they print the way a reader goes through the files (an error for two sources with
        /// the same output name comes last).
        public let diagnostics: [Diagnostic]
        /// The generated files; empty when any error was reported (no partial output, so a build never
        /// compiles Swift from half-checked sources) or when the run was made with `generate: false`.
        public let outputs: [Output]
        /// The validated model (present even with errors, for what could be checked), to hand to
        /// ``OpenAPIExporter`` without compiling again.
        public let model: ValidatedModel

        /// Whether the run produced no error (warnings allowed unless `strict` made them errors): the check to
        /// make before writing `outputs` or failing a build.
        public var succeeded: Bool { !diagnostics.containsErrors }
    }

    /// The settings every run of this compiler uses.
    public let options: Options

    /// Creates a compiler. It holds only its options, so one value can compile any number of runs, from any
    /// thread.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Compiles `sources` together (they share one namespace, so a `STRUCT` in one file can be used in another)
    /// into one Swift file each (or several, see ``SwiftGenerator/Options/parts``).
    ///
    /// Bad input never throws or traps: every problem is a diagnostic in the result, including two sources
    /// that would generate the same output file name.
    /// - Parameters:
    ///   - sources: The `.http` files of one target.
    ///   - generate: Pass false to only check the files (lex, parse, analyze), e.g. for an editor or a lint
    ///     step; `outputs` is then empty.
    /// - Returns: The diagnostics, the model, and the generated files when there was no error.
    public func compile(_ sources: [SourceFile], generate: Bool = true) -> Result {
        let parsed = sources.map { Parser.parse(Lexer(source: $0)) }
        let (model, checkDiagnostics) = SemanticAnalyzer.analyze(parsed.map(\.0), options: options.analyzer)
        let diagnostics = order(parsed.flatMap(\.1) + checkDiagnostics, sources: sources) + duplicateOutputs(sources)
        let checked = Result(diagnostics: diagnostics, outputs: [], model: model)
        return generate ? generating(checked) : checking(checked)
    }

    /// `checked` (a run without outputs) with its Swift generated, unless it has an error: an OpenAPI import's
    /// own check (`OpenAPIImporter.Result.checked`) becomes the run, without compiling its `.http` again.
    /// `options.strict` applies here as in ``compile(_:generate:)``: a strict compiler makes the check's warnings
    /// errors, and then generates nothing.
    public func generating(_ checked: Result) -> Result {
        let checked = checking(checked)
        guard !checked.diagnostics.containsErrors else { return checked }
        let generator = SwiftGenerator(options: options.generator)
        let outputs = checked.model.files.flatMap { file in
            generator.generateParts(file).enumerated().map { index, contents in
                Output(sourceName: file.sourceName, fileName: Self.outputFileName(for: file.sourceName, part: index + 1), contents: contents)
            }
        }
        return Result(diagnostics: checked.diagnostics, outputs: outputs, model: checked.model)
    }

    /// `checked` with `options.strict` applied to its diagnostics (warnings made errors), the one place strict
    /// mode is applied: by `compile`, by `generating`, and by a tool that reuses a check made elsewhere.
    package func checking(_ checked: Result) -> Result {
        Result(diagnostics: checked.diagnostics.promotingWarnings(options.strict), outputs: checked.outputs, model: checked.model)
    }

    /// `dir/users.http` → `users.swift`; its second part `users.2.swift`. A spec name (`api.yaml`) loses its
    /// extension too. Build tools call it to declare output files before the compiler runs.
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
