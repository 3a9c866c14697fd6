import CourierSockets
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `courier-bench http1`: `HTTP1ResponseParser` on a typical nginx response (a 200-byte JSON body after a
/// ten-field head) against a floor that does the least any HTTP/1.1 client must: memchr for CRLFCRLF, a scan
/// of the head for `Content-Length`, and a copy of the body into a preallocated buffer. The parser does more
/// (validates every byte, builds `HTTPHeaders` with a String per name and value, a `Data` body); the ratio
/// says what that costs. Passes are interleaved so both sides see the same machine load.
enum HTTP1Benchmarks {
    static let suite = BenchmarkSuite(
        name: "http1",
        summary: "HTTP1ResponseParser on a 200-byte JSON response vs a memchr + Content-Length scan floor",
        run: { run() }
    )

    static let body: [UInt8] = {
        var json = Array(#"{"id":12345,"name":"Courier","email":"courier@example.com","active":true,"score":4.75,"tags":["swift","http","linux"],"created":"2026-12-01T12:00:00Z","note":"#.utf8)
        while json.count < 198 { json.append(UInt8(ascii: "x")) }
        return json + Array(#""}"#.utf8)
    }()

    static let response: [UInt8] = Array("""
        HTTP/1.1 200 OK\r
        Server: nginx/1.22.1\r
        Date: Tue, 01 Dec 2026 12:00:00 GMT\r
        Content-Type: application/json\r
        Content-Length: \(body.count)\r
        Last-Modified: Tue, 01 Dec 2026 11:00:00 GMT\r
        Connection: keep-alive\r
        ETag: "674c4e30-c8"\r
        Accept-Ranges: bytes\r
        Cache-Control: no-cache\r
        X-Request-Id: 7f3a9c2e4b1d\r
        \r

        """.utf8) + body

    static func run() {
        precondition(body.count == 200)
        var parser = HTTP1ResponseParser()
        var bodyBytes = 0
        let courier = {
            parser.expectResponse(toHEAD: false)
            let events = try! response.withUnsafeBytes { try parser.parse($0) }  // valid input: cannot throw
            for case .body(let data) in events { bodyBytes &+= data.count }
            Measure.blackHole(events)
        }
        var floorBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        let floor = {
            let length = response.withUnsafeBytes { floorParse($0, into: &floorBuffer) }
            bodyBytes &+= length
        }
        courier()
        floor()
        precondition(bodyBytes == 400, "both sides must read the 200-byte body")
        print("  response: \(response.count) bytes (head \(response.count - body.count), body \(body.count))")
        let (courierNs, floorNs, spread) = interleaved(courier, floor)
        Measure.report("parse head + 200-byte body", courier: courierNs, baseline: floorNs)
        print("  spread over passes: courier ±\(String(format: "%.0f", spread.0))%, floor ±\(String(format: "%.0f", spread.1))%")
        print("  parser: \(String(format: "%.0f", 1e9 / courierNs)) responses/s on one core")
        Measure.blackHole(bodyBytes)
    }

    /// The floor: finds the head's end with memchr, scans its lines for `Content-Length` (case-insensitive),
    /// and copies that many body bytes into `buffer`. Returns the body length.
    @inline(never)
    static func floorParse(_ bytes: UnsafeRawBufferPointer, into buffer: inout [UInt8]) -> Int {
        // Safe: the response is not empty, and every memchr / copy below stays inside `bytes` (each length is
        // the count left after its start).
        let base = bytes.baseAddress!
        var headLength = -1
        var from = 0
        while let found = memchr(base + from, 0x0D, bytes.count - from) {
            let at = base.distance(to: UnsafeRawPointer(found))
            if at + 3 < bytes.count, bytes[at + 1] == 0x0A, bytes[at + 2] == 0x0D, bytes[at + 3] == 0x0A {
                headLength = at + 4
                break
            }
            from = at + 1
        }
        guard headLength > 0 else { return -1 }
        var length = 0
        var line = 0
        while line < headLength {
            guard let next = memchr(base + line, 0x0A, headLength - line) else { break }
            let lineEnd = base.distance(to: UnsafeRawPointer(next))
            if lineEnd - line > 15, bytes[line] | 0x20 == UInt8(ascii: "c"), bytes[line + 14] == UInt8(ascii: ":"),
               bytes[line + 7] == UInt8(ascii: "-"), bytes[line + 8] | 0x20 == UInt8(ascii: "l") {
                var index = line + 15
                while bytes[index] == UInt8(ascii: " ") { index += 1 }
                while index < lineEnd, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
            }
            line = lineEnd + 1
        }
        let available = min(length, bytes.count - headLength)
        buffer.withUnsafeMutableBytes { target in
            // Safe: `available` ≤ the bytes after the head, and the 64 KiB buffer holds the 200-byte body.
            target.baseAddress!.copyMemory(from: base + headLength, byteCount: available)
        }
        return available
    }

    /// Best ns/op of each side over alternating passes, and each side's spread (worst pass over best, in %).
    static func interleaved(_ courier: () -> Void, _ baseline: () -> Void, passes: Int = 10, iterations: Int = 50_000)
        -> (Double, Double, (Double, Double))
    {
        var courierPasses: [Double] = []
        var baselinePasses: [Double] = []
        for _ in 0..<passes {
            courierPasses.append(Measure.nanosecondsPerOp(iterations: iterations, rounds: 1, courier))
            baselinePasses.append(Measure.nanosecondsPerOp(iterations: iterations, rounds: 1, baseline))
        }
        func spread(_ values: [Double]) -> Double { (values.max()! / values.min()! - 1) * 100 }
        return (courierPasses.min()!, baselinePasses.min()!, (spread(courierPasses), spread(baselinePasses)))
    }
}
