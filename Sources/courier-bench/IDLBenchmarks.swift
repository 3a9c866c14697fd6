import Foundation
import HTTPIDLCore

/// `courier-bench idl`: the whole httpidl pipeline (OpenAPI import, then lex → parse → check → generate →
/// render) on the largest shared spec (`../shared/openapi/api.github.com.json`, or `$HTTPIDL_BENCH_SPEC`),
/// against Foundation's `JSONSerialization` reading the same bytes, passes interleaved. Peak RSS (VmHWM) of
/// the first pass.
enum IDLBenchmarks {
    static let suite = BenchmarkSuite(
        name: "idl",
        summary: "httpidl: import + generate the GitHub OpenAPI spec (baseline: JSONSerialization)",
        run: { run() })

    static func run() {
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
        let middle = median(importTimes)
        Measure.report("import+generate (vs Foundation)", courier: middle * 1e3,
                       baseline: median(baselineTimes) * 1e3, unit: "ms")
        print("  \(bytes.count / 1024) KiB of OpenAPI in, \(swiftBytes / 1024) KiB of Swift out, \(warnings) warnings: "
              + String(format: "median %.3f s, spread %.3f–%.3f s over %d passes (goal: under 1 s)", middle, importTimes.min() ?? 0,
                       importTimes.max() ?? 0, importTimes.count)
              + ", peak RSS \(importPeak) (first pass)")
    }

    /// The median of some timings.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
