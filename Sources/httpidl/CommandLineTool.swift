import Foundation
import HTTPIDLCore

/// `httpidl generate|check|format …`: parses arguments, reads files, prints diagnostics, returns the exit code.
struct CommandLineTool {
    static let version = "1.0.0"
    static let usage = """
        OVERVIEW: Compile HTTPIDL (.http) interface files into Swift for the Courier runtime.

        USAGE: httpidl generate <files or directories>… --output <dir> [--access public|internal] [--parts <n>] [--strict]
               httpidl import <openapi.json|yaml|yml> --output <file.http> [--strict]
               httpidl export <files or directories>… --output <openapi.json> [--title <title>]
               httpidl check <files or directories>… [--strict]
               httpidl format <files or directories>… [--write | --check]

        COMMANDS:
          generate   Write one .swift file per .http (or OpenAPI .json/.yaml/.yml) file into --output (nothing is
                     written if any error is found); a large one is split into name.swift, name.2.swift, ….
          import     Translate an OpenAPI 3.0/3.1 document into a formatted .http file (--output, or standard output).
          export     Write the .http files as one OpenAPI 3.1 JSON document (--output, or standard output).
          check      Report diagnostics only.
          format     Print the files in canonical layout (or rewrite them in place with --write).

        OPTIONS:
          --output <dir>      Output directory for generate; output file for import and export.
          --title <title>     The exported document's info.title (default: the first file's name).
          --access <level>    'public' (default) or 'internal' declarations.
          --parts <n>         Split each file's Swift into exactly n files (default: by size, about 256 KB each).
          --strict            Treat warnings (such as unknown types) as errors.
          --write             Rewrite the files instead of printing them (format).
          --check             List files that are not formatted and exit 1 if any (format).
          --help              Show this help.
          --version           Show the version.

        Exit status: 0 on success, 1 when a diagnostic is an error, 2 on a usage error.
        """

    let arguments: [String]

    /// What the arguments after the command ask for.
    private struct Invocation {
        let command: String
        var inputs: [String] = []
        var output: String?
        var access = SwiftGenerator.AccessLevel.public
        var strict = false
        var write = false
        var checkOnly = false
        var title: String?
        var parts: Int?
    }

    /// A usage error: its message is printed above the usage text.
    private struct UsageError: Error {
        let message: String
    }

    func run() -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Self.usage)
            return 0
        }
        if arguments.contains("--version") {
            print("httpidl \(Self.version)")
            return 0
        }
        guard let command = arguments.first else {
            return usageError("missing command")
        }
        guard ["generate", "check", "format", "import", "export"].contains(command) else {
            return usageError("unknown command '\(command)'")
        }
        do {
            return try run(parseOptions(command))
        } catch {
            return usageError(error.message)
        }
    }

    /// Reads the options and inputs after the command.
    private func parseOptions(_ command: String) throws(UsageError) -> Invocation {
        var invocation = Invocation(command: command)
        var index = 1
        /// The value after the option at `index` (moving past it).
        func value(_ problem: String) throws(UsageError) -> String {
            guard index + 1 < arguments.count else { throw UsageError(message: problem) }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--output", "-o": invocation.output = try value("--output needs a directory")
            case "--title": invocation.title = try value("--title needs a text")
            case "--access":
                guard let level = SwiftGenerator.AccessLevel(rawValue: try value("--access needs 'public' or 'internal'")) else {
                    throw UsageError(message: "--access needs 'public' or 'internal'")
                }
                invocation.access = level
            case "--parts":
                guard let parts = Int(try value("--parts needs a count")), (1...1000).contains(parts) else {
                    throw UsageError(message: "--parts needs a count from 1 to 1000")
                }
                invocation.parts = parts
            case "--strict": invocation.strict = true
            case "--write": invocation.write = true
            case "--check": invocation.checkOnly = true
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
                invocation.inputs.append(argument)
            }
            index += 1
        }
        guard !invocation.inputs.isEmpty else { throw UsageError(message: "no input files") }
        return invocation
    }

    /// Runs a command whose arguments were read.
    private func run(_ invocation: Invocation) throws(UsageError) -> Int32 {
        if invocation.command == "import" {
            guard invocation.inputs.count == 1 else { throw UsageError(message: "import reads one OpenAPI document") }
            return importSpec(invocation.inputs[0], output: invocation.output, strict: invocation.strict)
        }
        if invocation.command == "generate", invocation.output == nil { throw UsageError(message: "generate needs --output <dir>") }
        if invocation.command == "format", invocation.write, invocation.checkOnly {
            throw UsageError(message: "format takes --write or --check, not both")
        }
        let files: [String]
        do {
            files = try InputCollector.collect(invocation.inputs) { printError("httpidl: warning: no .http files in '\($0)'") }
        } catch {
            printError("httpidl: error: \(error)")
            return 1
        }
        switch invocation.command {
        case "generate":
            guard let output = invocation.output else { throw UsageError(message: "generate needs --output <dir>") }
            return generate(files, output: output, options: .init(accessLevel: invocation.access, parts: invocation.parts),
                            strict: invocation.strict)
        case "check":
            return check(files, strict: invocation.strict)
        case "export":
            return export(files, output: invocation.output, title: invocation.title, strict: invocation.strict)
        default:
            return format(files, write: invocation.write, checkOnly: invocation.checkOnly)
        }
    }

    private func usageError(_ message: String) -> Int32 {
        printError("httpidl: error: \(message)\n\n\(Self.usage)")
        return 2
    }

    private func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Reads the inputs; OpenAPI documents are imported into `.http` sources (their diagnostics are printed
    /// here, and an import error stops the run).
    private func load(_ paths: [String], strict: Bool = false) -> [SourceFile]? {
        loadChecked(paths, strict: strict)?.sources
    }

    /// `load`, with the import's check of each OpenAPI document's `.http`.
    private func loadChecked(_ paths: [String], strict: Bool) -> (sources: [SourceFile], checks: [HTTPIDLCompiler.Result])? {
        var sources: [SourceFile] = []
        var checks: [HTTPIDLCompiler.Result] = []
        var failed = false
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                printError("httpidl: error: cannot read '\(path)'")
                return nil
            }
            let source = SourceFile(name: path, bytes: Array(data))
            guard OpenAPIImporter.isSpecFileName(path) else {
                sources.append(source)
                continue
            }
            let result = OpenAPIImporter.importSpec(source)
            let diagnostics = result.diagnostics.promotingWarnings(strict)
            report(diagnostics, sources: [source])
            guard let text = result.text, !diagnostics.containsErrors else {
                failed = true
                continue
            }
            sources.append(SourceFile(name: OpenAPIImporter.httpName(for: path), text: text))
            if let checked = result.checked { checks.append(checked) }
        }
        return failed ? nil : (sources, checks)
    }

    private func importSpec(_ path: String, output: String?, strict: Bool) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("httpidl: error: cannot read '\(path)'")
            return 1
        }
        let source = SourceFile(name: path, bytes: Array(data))
        let result = OpenAPIImporter.importSpec(source)
        let diagnostics = result.diagnostics.promotingWarnings(strict)
        report(diagnostics, sources: [source])
        guard let text = result.text, !diagnostics.containsErrors else { return 1 }
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return 0
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printError("httpidl: error: cannot write '\(output)': \(error)")
            return 1
        }
        return 0
    }

    private func report(_ diagnostics: [Diagnostic], sources: [SourceFile]) {
        let renderer = DiagnosticRenderer()
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for diagnostic in diagnostics {
            printError(renderer.render(diagnostic, source: byName[diagnostic.fileName]))
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors + warnings > 0 {
            printError("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
    }

    private func compile(_ files: [String], strict: Bool, generator: SwiftGenerator.Options = .init(), generate: Bool)
        -> (HTTPIDLCompiler.Result, [SourceFile])? {
        guard let (sources, checks) = loadChecked(files, strict: strict) else { return nil }
        let compiler = HTTPIDLCompiler(options: .init(strict: strict, generator: generator))
        // One OpenAPI document alone: the import's own check of its `.http` is the run, with this run's strict mode.
        let checked = sources.count == 1 ? checks.first : nil
        let result = checked.map { generate ? compiler.generating($0) : compiler.checking($0) } ?? compiler.compile(sources, generate: generate)
        report(result.diagnostics, sources: sources)
        return (result, sources)
    }

    private func generate(_ files: [String], output: String, options: SwiftGenerator.Options, strict: Bool) -> Int32 {
        guard let (result, _) = compile(files, strict: strict, generator: options, generate: true) else { return 1 }
        guard result.succeeded else { return 1 }
        do {
            try GeneratedFileWriter().write(result.outputs, to: URL(fileURLWithPath: output))
        } catch {
            printError("httpidl: error: cannot write to '\(output)': \(error)")
            return 1
        }
        return 0
    }

    private func export(_ files: [String], output: String?, title: String?, strict: Bool) -> Int32 {
        guard let (result, _) = compile(files, strict: strict, generate: false) else { return 1 }
        guard result.succeeded else { return 1 }
        let defaultTitle = files.first.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "API"
        let text = OpenAPIExporter.export(result.model, title: title ?? defaultTitle)
        OpenAPIExporter.omissions(result.model).forEach(printError)
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return 0
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            printError("httpidl: error: cannot write '\(output)': \(error)")
            return 1
        }
        return 0
    }

    private func check(_ files: [String], strict: Bool) -> Int32 {
        guard let (result, _) = compile(files, strict: strict, generate: false) else { return 1 }
        return result.succeeded ? 0 : 1
    }

    private func format(_ files: [String], write: Bool, checkOnly: Bool) -> Int32 {
        guard let sources = load(files) else { return 1 }
        var failed = false
        for source in sources {
            let (text, diagnostics) = IDLFormatter.format(source)
            report(diagnostics.filter { $0.severity == .error }, sources: [source])
            guard let text else {
                failed = true
                continue
            }
            if checkOnly {
                if text != source.text {
                    print("\(source.name): not formatted")
                    failed = true
                }
            } else if write {
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: source.name), options: .atomic)
                } catch {
                    printError("httpidl: error: cannot write '\(source.name)': \(error)")
                    failed = true
                }
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
        return failed ? 1 : 0
    }
}
