import CourierHTTP
import CourierSockets
import Foundation

/// `courier-bench hpack`: the HTTP/2 header codec on the response head of the `http1` suite (ten fields after
/// `:status`) and on a typical request, against Courier's HTTP/1.1 code doing the same job on the same fields
/// (`HTTP1ResponseParser` on the head as text, `HTTP1RequestHead.serialize`). Decoding is measured cold (a
/// fresh decoder: every field a Huffman-coded literal) and warm (the connection's decoder after one response:
/// mostly dynamic table indices). Passes are interleaved so both sides see the same machine load.
enum HPACKBenchmarks {
    static let suite = BenchmarkSuite(
        name: "hpack",
        summary: "HPACKDecoder / HPACKEncoder on a ten-field response head and a request vs the HTTP/1.1 parser and serializer",
        run: { run() }
    )

    static let responseFields: [HPACKHeaderField] = [
        (":status", "200"), ("server", "nginx/1.22.1"), ("date", "Tue, 01 Dec 2026 12:00:00 GMT"),
        ("content-type", "application/json"), ("content-length", "0"), ("last-modified", "Tue, 01 Dec 2026 11:00:00 GMT"),
        ("etag", "\"674c4e30-c8\""), ("accept-ranges", "bytes"), ("cache-control", "no-cache"), ("x-request-id", "7f3a9c2e4b1d"),
    ].map { HPACKHeaderField(name: $0.0, value: $0.1) }

    static let requestHeaders: HTTPHeaders = [
        "User-Agent": "Courier/1.0", "Accept": "application/json", "Accept-Encoding": "gzip, deflate",
        "Authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl",
    ]

    static func run() {
        let head = Array(("HTTP/1.1 200 OK\r\n" + responseFields.dropFirst().map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n").utf8)
        var encoder = HPACKEncoder()
        var cold: [UInt8] = []
        encoder.encode(responseFields, into: &cold)
        var warm: [UInt8] = []
        encoder.encode(responseFields, into: &warm)
        print("  response head: HTTP/1.1 \(head.count) bytes, HPACK \(cold.count) bytes cold, \(warm.count) warm")
        var parser = HTTP1ResponseParser()
        let http1 = {
            parser.expectResponse(toHEAD: false)
            Measure.blackHole(try! head.withUnsafeBytes { try parser.parse($0) })  // valid input: cannot throw
        }
        let decodeCold = {
            var decoder = HPACKDecoder()
            Measure.blackHole(try! decoder.decode(cold))  // our own encoder's block: cannot throw
        }
        var warmDecoder = HPACKDecoder()
        _ = try! warmDecoder.decode(cold)
        let decodeWarm = { Measure.blackHole(try! warmDecoder.decode(warm)) }
        let (coldNs, http1Ns, _) = HTTP1Benchmarks.interleaved(decodeCold, http1)
        let (warmNs, http1WarmNs, _) = HTTP1Benchmarks.interleaved(decodeWarm, http1)
        Measure.report("decode head, fresh decoder", courier: coldNs, baseline: http1Ns)
        Measure.report("decode head, warm table", courier: warmNs, baseline: http1WarmNs)
        runEncode()
    }

    /// The request: `HTTP2HeaderRules.request` and `HPACKEncoder` (warm) against the HTTP/1.1 serializer.
    static func runEncode() {
        var encoder = HPACKEncoder()
        var block: [UInt8] = []
        let encode = {
            block.removeAll(keepingCapacity: true)
            let fields = HTTP2HeaderRules.request(
                method: "GET", scheme: "https", authority: "api.example.com", path: "/v1/users/42", headers: requestHeaders
            )
            encoder.encode(fields, into: &block)
        }
        let serialize = {
            Measure.blackHole(try! HTTP1RequestHead.serialize(  // valid input: cannot throw
                method: .get, target: "/v1/users/42", host: "api.example.com", headers: requestHeaders, framing: .none
            ))
        }
        encode()
        let (encodeNs, serializeNs, _) = HTTP1Benchmarks.interleaved(encode, serialize)
        Measure.report("build + encode request, warm", courier: encodeNs, baseline: serializeNs)
        print("  request: HPACK \(block.count) bytes warm")
    }
}
