import Courier
import CourierHTTP
import Foundation

/// `websocket`: Courier's WebSocket client against a Go gorilla/websocket client on the same Go gorilla server
/// (both built and started by `Scripts/bench-websocket.sh`), in interleaved passes of the same run: echo round
/// trips per second on one connection (32-byte messages), bulk throughput each way (1 GiB in 64 KiB binary
/// messages), and Courier's resident memory while it reads 1,000,000 messages. Environment:
/// `COURIER_WS_BENCH_URL` (the server's `http://` base URL), `COURIER_WS_BENCH_GO` (the Go client),
/// `COURIER_BENCH_PASSES` (default 3), `COURIER_WS_BENCH_ROUNDS` (default 20000), `COURIER_WS_BENCH_BYTES`
/// (default 1 GiB), `COURIER_WS_BENCH_MESSAGES` (default 1,000,000).
enum WebSocketBenchmarks {
    static let suite = BenchmarkSuite(
        name: "websocket",
        summary: "WebSocket round trips and throughput vs a Go gorilla client (run by Scripts/bench-websocket.sh)"
    ) {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["COURIER_WS_BENCH_URL"], let url = URL(string: text), let go = environment["COURIER_WS_BENCH_GO"] else {
            print("websocket: set COURIER_WS_BENCH_URL and COURIER_WS_BENCH_GO (Scripts/bench-websocket.sh does)")
            exit(2)
        }
        let number = { (name: String, fallback: Int) in environment[name].flatMap(Int.init) ?? fallback }
        let options = Options(
            passes: number("COURIER_BENCH_PASSES", 3), rounds: number("COURIER_WS_BENCH_ROUNDS", 20_000),
            bytes: number("COURIER_WS_BENCH_BYTES", 1 << 30), messages: number("COURIER_WS_BENCH_MESSAGES", 1_000_000))
        do {
            try await run(CourierSide(url: url), GorillaSide(path: go, url: url), options)
        } catch {
            print("websocket: \(error)")
            exit(1)
        }
    }

    struct Options {
        let passes: Int
        let rounds: Int
        let bytes: Int
        let messages: Int
        let size = 64 << 10
    }

    static func run(_ courier: CourierSide, _ gorilla: GorillaSide, _ options: Options) async throws {
        print("  \(options.passes) interleaved passes: \(options.rounds) round trips; \(options.bytes >> 20) MiB in \(options.size >> 10) KiB messages each way")
        var rows: [(name: String, unit: String, courier: [Double], go: [Double])] = [
            ("echo round trips", "/s", [], []), ("upload (client to server)", "MiB/s", [], []), ("download (server to client)", "MiB/s", [], []),
        ]
        for pass in 0..<options.passes {
            // Alternating which side goes first, so neither always runs on a warmer (or busier) machine.
            for courierFirst in pass.isMultiple(of: 2) ? [true, false] : [false, true] {
                if courierFirst {
                    rows[0].courier.append(try await courier.roundTrips(options.rounds))
                    rows[1].courier.append(try await courier.upload(options.bytes, options.size))
                    rows[2].courier.append(try await courier.download(options.bytes, options.size))
                } else {
                    rows[0].go.append(try gorilla.run("rtt", options.rounds))
                    rows[1].go.append(try gorilla.run("upload", options.bytes, options.size))
                    rows[2].go.append(try gorilla.run("download", options.bytes, options.size))
                }
            }
        }
        for row in rows {
            let ratios = zip(row.courier, row.go).map { $0 / $1 }.sorted()
            Measure.report(row.name, courier: median(row.courier), baseline: median(row.go), unit: row.unit)
            print("    ratio per pass \(ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")) (spread \(String(format: "%.2f", ratios.first!))–\(String(format: "%.2f", ratios.last!)))")
        }
        let samples = try await courier.residentWhileReading(options.messages)
        print("  resident while reading \(options.messages) messages of 64 bytes (MiB, every tenth): \(samples.map { String($0 / 1024) }.joined(separator: " "))")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Courier's side: one `NetworkClient.webSocket` per measurement, compression off (gorilla offers none).
    struct CourierSide {
        let client: NetworkClient

        init(url: URL) {
            client = NetworkClient(baseURL: url, configuration: .init(timeout: .seconds(60), retryPolicy: .never))
        }

        func open(_ path: String) async throws -> WebSocket {
            try await client.webSocket(WebSocketInteropCheck.Path(path), configuration: WebSocketConfiguration(compression: false))
        }

        func roundTrips(_ count: Int) async throws -> Double {
            let socket = try await open("/echo")
            var messages = socket.messages.makeAsyncIterator()
            let payload = WebSocketMessage.binary(Data(count: 32))
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count {
                try await socket.send(payload)
                guard try await messages.next() != nil else { throw WebSocketError(.connectionLost, "the echo ended") }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            try await socket.close()
            return Double(count) / seconds
        }

        func upload(_ bytes: Int, _ size: Int) async throws -> Double {
            let socket = try await open("/sink")
            var messages = socket.messages.makeAsyncIterator()
            let payload = WebSocketMessage.binary(Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in stride(from: 0, to: bytes, by: size) { try await socket.send(payload) }
            try await socket.send(text: "count")
            guard try await messages.next() == .text(String(bytes)) else { throw WebSocketError(.connectionLost, "the sink read another count") }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            try await socket.close()
            return Double(bytes) / Double(1 << 20) / seconds
        }

        func download(_ bytes: Int, _ size: Int) async throws -> Double {
            let socket = try await open("/source/\(bytes)/\(size)")
            let start = DispatchTime.now().uptimeNanoseconds
            var received = 0
            for try await message in socket.messages {
                guard case .binary(let data) = message else { break }
                received += data.count
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            try await socket.close()
            guard received == bytes else { throw WebSocketError(.connectionLost, "received \(received) of \(bytes) bytes") }
            return Double(bytes) / Double(1 << 20) / seconds
        }

        /// Reads `count` 64-byte messages and samples VmRSS (KiB) every tenth of them.
        func residentWhileReading(_ count: Int) async throws -> [Int] {
            let socket = try await open("/source/\(count * 64)/64")
            var samples: [Int] = []
            var received = 0
            for try await message in socket.messages {
                guard case .binary = message else { break }
                received += 1
                if received % max(1, count / 10) == 0 { samples.append(DownloadBenchmarks.residentKiB("VmRSS") ?? 0) }
            }
            try await socket.close()
            return samples
        }
    }

    /// The Go gorilla client, run once per measurement; it prints `<kind> <figure>`.
    struct GorillaSide {
        let path: String
        let url: URL

        func run(_ kind: String, _ arguments: Int...) throws -> Double {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            let base = url.absoluteString.replacingOccurrences(of: "http://", with: "ws://")
            process.arguments = [kind, base] + arguments.map(String.init)
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let words = String(decoding: data, as: UTF8.self).split(separator: " ")
            guard process.terminationStatus == 0, words.count == 2, words[0] == kind,
                  let figure = Double(words[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw WebSocketError(.connectionLost, "the Go client's \(kind) failed: \(String(decoding: data, as: UTF8.self))")
            }
            return figure
        }
    }
}
