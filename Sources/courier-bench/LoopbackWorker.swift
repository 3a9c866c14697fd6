import Courier
import Foundation

/// `courier-bench loopback-worker <side> <options>`: measures one `LoopbackSide` in this process and prints
/// one `result …` line (see `LoopbackResult`) — a hidden helper of `courier-bench loopback`.
enum LoopbackWorker {
    /// GETs run before measuring (they open the connections and warm the caches).
    static let warmUpRequests = 1_000
    /// RSS is sampled this often in the `courier-socket-rss` row.
    static let sampleInterval = 10_000
    /// The `courier-socket-rss` row's request count.
    static let flatnessRequests = 100_000

    /// Parses `arguments` (`<side> <options>`), measures and prints the result; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard let name = arguments.first, let side = LoopbackSide(rawValue: name) else {
            print("usage: courier-bench loopback-worker <" + LoopbackSide.allCases.map(\.rawValue).joined(separator: "|") + "> <options>")
            return 2
        }
        let options: LoopbackOptions
        do { options = try LoopbackOptions(parsing: Array(arguments.dropFirst())) } catch {
            print("loopback-worker: \(error.message)")
            return 2
        }
        do {
            let result = try await measure(side, options)
            print(result.line)
            return 0
        } catch {
            print("loopback-worker \(side.rawValue) failed: \(error)")
            return 1
        }
    }

    private static func measure(_ side: LoopbackSide, _ options: LoopbackOptions) async throws -> LoopbackResult {
        let http = options.httpBaseURL, https = options.httpsBaseURL
        switch side {
        case .wrk: return try LoopbackWrk.run(http.appendingPathComponent(LoopbackClients.accountPath), requests: options.requests)
        case .wrkHTTPS: return try LoopbackWrk.run(https.appendingPathComponent(LoopbackClients.accountPath), requests: options.requests)
        case .urlSession: return await gets(options.requests, LoopbackClients.rawURLSession(http))
        case .courierURLSession: return await gets(options.requests, LoopbackClients.courier(http, LoopbackClients.urlSessionTransport()))
        case .courierSocket: return await gets(options.requests, LoopbackClients.courier(http, try LoopbackClients.socketTransport(options)))
        case .bareSocket: return await gets(options.requests, LoopbackClients.bare(http, try LoopbackClients.socketTransport(options)))
        case .courierSocketHTTPS:
            return await gets(options.requests, LoopbackClients.courier(https, try LoopbackClients.socketTransport(options)))
        case .socketRSS:
            let operation = LoopbackClients.courier(http, try LoopbackClients.socketTransport(options))
            return await gets(flatnessRequests, sampleEvery: sampleInterval, operation)
        case .h2load: return try LoopbackH2Load.run(options.h2BaseURL.appendingPathComponent(LoopbackClients.accountPath), requests: options.requests)
        case .courierSocketH2:
            return await gets(options.requests, LoopbackClients.courier(options.h2BaseURL, try LoopbackClients.socketTransport(options, http2: true)))
        case .socketRSSH2:
            let operation = LoopbackClients.courier(options.h2BaseURL, try LoopbackClients.socketTransport(options, http2: true))
            return await gets(flatnessRequests, sampleEvery: sampleInterval, operation)
        case .downloadTask, .downloadData, .downloadSocket, .uploadSocket, .streamHTTP, .streamHTTPS, .streamH2:
            return try await LoopbackTransfers.run(side, options)
        }
    }

    /// Runs the warm-up, then `total` GETs with `LoopbackClients.concurrency` in flight, timing the measured part
    /// and, with `sampleEvery`, printing a `sample` line of resident memory after each such many requests.
    static func gets(_ total: Int, sampleEvery: Int? = nil, _ operation: @escaping @Sendable () async throws -> Void) async -> LoopbackResult {
        let failures = LockedState((count: 0, first: String?.none))
        let counted: @Sendable () async throws -> Void = {
            do { try await operation() } catch {
                failures.withLock { state in
                    state.count += 1
                    if state.first == nil { state.first = "\(error)" }
                }
            }
        }
        let concurrency = LoopbackClients.concurrency
        _ = await LoopbackComparison.run(total: warmUpRequests, concurrency: concurrency, counted)
        let cpuStart = LoopbackComparison.Side.processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        var done = 0
        while done < total {
            let chunk = min(sampleEvery ?? total, total - done)
            _ = await LoopbackComparison.run(total: chunk, concurrency: concurrency, counted)
            done += chunk
            if sampleEvery != nil {
                print("sample requests=\(done) rss_kib=\(DownloadBenchmarks.residentKiB("VmRSS") ?? 0) hwm_kib=\(DownloadBenchmarks.residentKiB("VmHWM") ?? 0)")
            }
        }
        var result = LoopbackResult()
        result["seconds"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        result["cpu"] = LoopbackComparison.Side.processCPUSeconds() - cpuStart
        result["requests"] = Double(total)
        result["served"] = Double(total + warmUpRequests)
        result["peak_kib"] = Double(DownloadBenchmarks.residentKiB("VmHWM") ?? 0)
        let (count, first) = failures.withLock { ($0.count, $0.first) }
        result["failures"] = Double(count)
        if let first { print("first failure: \(first)") }
        return result
    }
}
