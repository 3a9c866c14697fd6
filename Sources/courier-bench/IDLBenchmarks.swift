import Foundation
import HTTPIDLCore

/// `courier-bench idl`: the whole httpidl pipeline (decode → lex → parse → check → generate → render) on a
/// synthetic 10,000-message file, against lexing alone as the baseline; and the OpenAPI import + generate of
/// the largest shared spec (`../shared/openapi/api.github.com.json`, or `$HTTPIDL_BENCH_SPEC`) against
/// Foundation's `JSONSerialization` reading the same bytes. Peak RSS (VmHWM) for each.
enum IDLBenchmarks {
    static let suite = BenchmarkSuite(
        name: "idl",
        summary: "httpidl: generate Swift for a synthetic 10,000-message .http file (baseline: lexing only), and import + generate the GitHub OpenAPI spec (baseline: JSONSerialization)",
        run: { run() })

    /// A `.http` file with `messages` messages (two endpoints each) and a few shared structs and enums.
    static func syntheticIDL(messages: Int) -> String {
        var text = """
            /// An item.
            STRUCT Item {
                REQUIRED INT64 id;
                STRING name = display-name;
                ARRAY<Item> children;
                Status status DEFAULT "active";
            }

            ENUM Status : STRING {
                ACTIVE = "active";
                BANNED = "banned";
            }

            """
        text.reserveCapacity(messages * 420)
        for index in 0..<messages {
            text += """

                /// Endpoint \(index).
                MESSAGE /api/v1/items\(index)/$item_id {
                    GET REQUEST {
                        INT32 limit DEFAULT 20;
                        STRING cursor = next-cursor;
                        HEADER STRING token = X-Token;
                    }
                    GET RESPONSE {
                        ARRAY<Item> items;
                        STRING next;
                    }
                    POST REQUEST {
                        REQUIRED STRING name;
                        DICT<STRING, ARRAY<STRING>> tags;
                    }
                    POST RESPONSE { Item; }
                }

                """
        }
        return text
    }

    static func run() {
        let text = syntheticIDL(messages: 10_000)
        let bytes = Array(text.utf8)
        let lines = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        var outputBytes = 0
        let compiler = HTTPIDLCompiler()
        Memory.resetPeak()
        let generate = Measure.nanosecondsPerOp(iterations: 1, rounds: 3) {
            let source = SourceFile(name: "bench.http", bytes: bytes)
            let result = compiler.compile([source])
            outputBytes = result.outputs.first?.contents.utf8.count ?? 0
            Measure.blackHole(result)
        }
        let generatePeak = Memory.peakDescription
        let lexOnly = Measure.nanosecondsPerOp(iterations: 1, rounds: 3) {
            let source = SourceFile(name: "bench.http", bytes: bytes)
            Measure.blackHole(Lexer(source: source).tokens.count)
        }
        let checkOnly = Measure.nanosecondsPerOp(iterations: 1, rounds: 3) {
            let source = SourceFile(name: "bench.http", bytes: bytes)
            Measure.blackHole(compiler.compile([source], generate: false).diagnostics.count)
        }
        Measure.report("generate 10k messages (vs lex)", courier: generate / 1e6, baseline: lexOnly / 1e6, unit: "ms")
        Measure.report("check 10k messages (vs lex)", courier: checkOnly / 1e6, baseline: lexOnly / 1e6, unit: "ms")
        let seconds = generate / 1e9
        print("  \(lines) lines, \(bytes.count / 1024) KiB in, \(outputBytes / 1024) KiB of Swift out: "
              + String(format: "%.3f s, %.0f lines/s (goal: under 0.3 s)", seconds, Double(lines) / seconds)
              + ", peak RSS \(generatePeak)")
        runOpenAPI()
    }

    /// Import + generate of the largest shared spec vs `JSONSerialization`, passes interleaved, best and spread.
    static func runOpenAPI() {
        let path = ProcessInfo.processInfo.environment["HTTPIDL_BENCH_SPEC"] ?? "../shared/openapi/api.github.com.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            print("  openapi: \(path) not found; skipped (set HTTPIDL_BENCH_SPEC)")
            return
        }
        let bytes = Array(data)
        let name = URL(fileURLWithPath: path).lastPathComponent
        var importTimes: [Double] = []
        var baselineTimes: [Double] = []
        var swiftBytes = 0
        var warnings = 0
        Memory.resetPeak()
        var importPeak = ""
        for pass in 0..<6 {
            let start = DispatchTime.now().uptimeNanoseconds
            let imported = OpenAPIImporter.importSpec(SourceFile(name: name, bytes: bytes))
            let result = HTTPIDLCompiler().compile([SourceFile(name: OpenAPIImporter.httpName(for: name), text: imported.text ?? "")])
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            swiftBytes = result.outputs.first?.contents.utf8.count ?? 0
            warnings = imported.diagnostics.count
            if pass == 0 { importPeak = Memory.peakDescription } else { importTimes.append(elapsed) }
            let baselineStart = DispatchTime.now().uptimeNanoseconds
            Measure.blackHole(try? JSONSerialization.jsonObject(with: data))
            let baselineElapsed = Double(DispatchTime.now().uptimeNanoseconds - baselineStart) / 1e9
            if pass > 0 { baselineTimes.append(baselineElapsed) }
        }
        let best = importTimes.min() ?? 0
        Measure.report("import+generate (vs Foundation)", courier: best * 1e3,
                       baseline: (baselineTimes.min() ?? 1) * 1e3, unit: "ms")
        print("  \(bytes.count / 1024) KiB of OpenAPI in, \(swiftBytes / 1024) KiB of Swift out, \(warnings) warnings: "
              + String(format: "best %.3f s, spread %.3f–%.3f s over %d passes (goal: under 2 s)", best, importTimes.min() ?? 0,
                       importTimes.max() ?? 0, importTimes.count)
              + ", peak RSS \(importPeak) (first pass)")
    }
}
