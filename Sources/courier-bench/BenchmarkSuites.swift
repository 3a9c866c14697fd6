/// A named benchmark suite.
struct BenchmarkSuite: Sendable {
    let name: String
    let summary: String
    let run: @Sendable () async -> Void
}

/// Every suite `courier-bench` knows; add one line per suite.
enum BenchmarkSuites {
    static let all: [BenchmarkSuite] = [
        DecodeBenchmarks.suite,
        MockServerBenchmarks.suite,
        RequestBuildBenchmarks.suite,
        MultipartBenchmarks.suite,
        QueryBenchmarks.suite,
        ClientBenchmarks.suite,
        LoopbackNoiseBenchmarks.suite,
        DownloadBenchmarks.suite,
        HTTPBinCheck.suite,
        HTTP2Check.suite,
        IDLBenchmarks.suite,
        JSONValueBenchmarks.suite,
        HTTP1Benchmarks.suite,
        HPACKBenchmarks.suite,
        CacheBenchmarks.suite,
        StreamBenchmarks.suite,
        WebSocketInteropCheck.suite,
        WebSocketBenchmarks.suite,
    ]
}
