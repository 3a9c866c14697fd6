import Foundation
import HTTPIDLCore

/// `courier-bench idl`: the whole httpidl pipeline (decode → lex → parse → check → generate → render) on a
/// synthetic 10,000-message file, against lexing alone as the baseline.
enum IDLBenchmarks {
    static let suite = BenchmarkSuite(
        name: "idl",
        summary: "httpidl: generate Swift for a synthetic 10,000-message .http file (baseline: lexing only)",
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
        let generate = Measure.nanosecondsPerOp(iterations: 1, rounds: 3) {
            let source = SourceFile(name: "bench.http", bytes: bytes)
            let result = compiler.compile([source])
            outputBytes = result.outputs.first?.contents.utf8.count ?? 0
            Measure.blackHole(result)
        }
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
              + String(format: "%.3f s, %.0f lines/s (goal: under 1 s)", seconds, Double(lines) / seconds))
    }
}
