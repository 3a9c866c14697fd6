import FuzzingSupport
import HTTPIDLCore

/// Any bytes through the whole httpidl pipeline under every flag: the first byte picks the flags (`--strict`,
/// `--access`, generate or check only, `ANY` support), the rest is split on NUL bytes into up to three `.http`
/// files compiled together. Beyond not crashing, every result must hold the compiler's promises: diagnostics
/// point inside their file, output is deterministic and all-or-nothing, and the formatter is idempotent and
/// keeps the meaning.
enum HTTPIDLFuzzCheck {
    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let flags = input.byte()
        let options = HTTPIDLCompiler.Options(
            strict: flags & 1 != 0,
            generator: .init(accessLevel: flags & 2 != 0 ? .internal : .public),
            analyzer: .init(supportsAnyType: flags & 4 == 0)
        )
        let generate = flags & 8 == 0
        var sources: [SourceFile] = []
        while !input.isAtEnd || sources.isEmpty {
            // With flag 16 every file is some `dN/a.http`: distinct names whose outputs collide.
            let name = flags & 16 != 0 ? "d\(sources.count)/a.http" : "f\(sources.count).http"
            sources.append(SourceFile(name: name, bytes: sources.count == 2 ? input.rest() : input.piece()))
        }

        let compiler = HTTPIDLCompiler(options: options)
        let result = compiler.compile(sources, generate: generate)
        checkDiagnostics(result.diagnostics, sources: sources, bytes: bytes)
        if result.succeeded {
            let again = compiler.compile(sources, generate: generate)
            guard again.outputs == result.outputs else { FuzzDriver.fail("output is not deterministic", input: bytes) }
            if generate, result.outputs.count != sources.count {
                FuzzDriver.fail("\(sources.count) files gave \(result.outputs.count) outputs", input: bytes)
            }
        } else if !result.outputs.isEmpty {
            FuzzDriver.fail("a failed compile produced output", input: bytes)
        }
        if sources.count == 1 { checkFormatter(sources[0], compiled: result, compiler: compiler, generate: generate, bytes: bytes) }
    }

    private static func checkDiagnostics(_ diagnostics: [Diagnostic], sources: [SourceFile], bytes: [UInt8]) {
        let renderer = DiagnosticRenderer()
        for diagnostic in diagnostics {
            guard let source = sources.first(where: { $0.name == diagnostic.fileName }) else {
                FuzzDriver.fail("diagnostic for unknown file '\(diagnostic.fileName)': \(diagnostic.summary)", input: bytes)
            }
            let range = diagnostic.range
            guard range.start >= 0, range.start <= range.end, range.end <= source.scalars.count else {
                FuzzDriver.fail("diagnostic range \(range) outside the file: \(diagnostic.summary)", input: bytes)
            }
            let lineCount = source.location(of: source.scalars.count).line
            guard (1...lineCount).contains(diagnostic.location.line) else {
                FuzzDriver.fail("diagnostic line \(diagnostic.location.line) of \(lineCount): \(diagnostic.summary)", input: bytes)
            }
            _ = renderer.render(diagnostic, source: source)
        }
    }

    private static func checkFormatter(
        _ source: SourceFile, compiled: HTTPIDLCompiler.Result, compiler: HTTPIDLCompiler, generate: Bool, bytes: [UInt8]
    ) {
        guard let formatted = IDLFormatter.format(source).text else { return }
        let formattedSource = SourceFile(name: source.name, text: formatted)
        guard IDLFormatter.format(formattedSource).text == formatted else {
            FuzzDriver.fail("formatting is not idempotent", input: bytes)
        }
        let reformatted = compiler.compile([formattedSource], generate: generate)
        guard reformatted.outputs == compiled.outputs else {
            FuzzDriver.fail("formatting changed the generated Swift", input: bytes)
        }
        guard reformatted.succeeded == compiled.succeeded else {
            FuzzDriver.fail("formatting changed whether the file compiles", input: bytes)
        }
    }
}
