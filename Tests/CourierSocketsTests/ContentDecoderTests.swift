#if canImport(CZlib)
import Foundation
import Testing
@testable import CourierSockets

@Suite("Content-Encoding decoder (Linux)")
struct ContentDecoderTests {
    /// Decodes `input` fed in pieces of `step` bytes, draining after each; every returned piece is checked
    /// against the cap. Returns the output, or the error.
    static func decode(_ input: [UInt8], encoding: String = "gzip", step: Int = .max, limits: DecompressionLimits = .init())
        throws -> (output: [UInt8], largestPiece: Int)
    {
        let decoder = try #require(try ContentDecoder(contentEncoding: encoding, limits: limits))
        var output: [UInt8] = []
        var largest = 0
        func take(_ piece: Data) { output += piece; largest = max(largest, piece.count) }
        var offset = 0
        while offset < input.count {
            let end = min(input.count, offset + min(step, input.count - offset))
            try Array(input[offset..<end]).withHTTP1Bytes { bytes throws(HTTP1ParseError) in take(try decoder.decode(bytes)) }
            while decoder.hasPendingOutput { take(try decoder.drain()) }
            offset = end
        }
        try decoder.finish()
        return (output, largest)
    }

    static let text = Array(String(repeating: "{\"id\":42,\"name\":\"Courier\",\"tags\":[\"a\",\"b\"]}\n", count: 500).utf8)

    @Test("gzip, x-gzip, zlib and raw deflate decode, whole and in small pieces", arguments: [
        ("gzip", Compression.Format.gzip), ("x-gzip", .gzip), ("GZip", .gzip), ("deflate", .zlib), ("deflate", .rawDeflate),
    ], [Int.max, 1, 7, 1000])
    func roundTrip(_ row: (encoding: String, format: Compression.Format), _ step: Int) throws {
        let (encoding, format) = row
        // Incompressible input larger than the output pieces; smaller when fed byte by byte (a debug build spends
        // tens of microseconds a call, and the parallel suite shares two cores).
        for original in [Self.text, Compression.noise(count: step == .max ? 300_000 : 20_000), [UInt8(65)]] {
            let compressed = Compression.compress(original, format)
            let (output, _) = try Self.decode(compressed, encoding: encoding, step: step)
            #expect(output == original)
        }
    }

    @Test("identity, empty and unknown codings give no decoder (bytes pass through)", arguments: [
        "identity", "", " ", "br", "compress", "zstd", "gzip, br", "gzip, gzip",
    ])
    func noDecoder(_ encoding: String) throws {
        #expect(try ContentDecoder(contentEncoding: encoding) == nil)
    }

    @Test("spaces and identity around one coding are accepted", arguments: [" gzip ", "identity, gzip", "gzip,identity", "Deflate"])
    func decoderFor(_ encoding: String) throws {
        #expect(try ContentDecoder(contentEncoding: encoding) != nil)
    }

    @Test("output comes in pieces of at most 256 KiB, the rest drained")
    func boundedPieces() throws {
        let original = Compression.noise(count: 3 << 20)
        let compressed = Compression.compress(original, .gzip)
        let decoder = try #require(try ContentDecoder(contentEncoding: "gzip"))
        let first = try compressed.withHTTP1Bytes { bytes throws(HTTP1ParseError) in try decoder.decode(bytes) }
        #expect(first.count == 256 * 1024)
        #expect(decoder.hasPendingOutput)
        var output = [UInt8](first)
        var pieces = 1
        while decoder.hasPendingOutput {
            let piece = try decoder.drain()
            #expect(piece.count <= 256 * 1024)
            output += piece
            pieces += 1
        }
        try decoder.finish()
        #expect(output == original)
        #expect(pieces >= 12)
    }

    @Test("a gzip bomb (10 MB of zeros) fails after bounded output, whole and in pieces", arguments: [Int.max, 4096])
    func bomb(step: Int) throws {
        let compressed = Compression.compress([UInt8](repeating: 0, count: 10_000_000), .gzip, level: 9)
        #expect(compressed.count < 20_000)
        let decoder = try #require(try ContentDecoder(contentEncoding: "gzip"))
        var offset = 0
        var error: HTTP1ParseError?
        do {
            while offset < compressed.count {
                let end = min(compressed.count, offset + min(step, compressed.count - offset))
                _ = try Array(compressed[offset..<end]).withHTTP1Bytes { bytes throws(HTTP1ParseError) in try decoder.decode(bytes) }
                while decoder.hasPendingOutput { _ = try decoder.drain() }
                offset = end
            }
            try decoder.finish()
        } catch let failure {
            error = failure
        }
        let failure = try #require(error)
        #expect(failure.kind == .malformed)
        #expect(failure.message.contains("decompression bomb"))
        #expect(failure.networkError.description.contains("bad server response"))
        #expect(decoder.counts.decoded < (1 << 20) + 256 * 1024 + 1)
        #expect(throws: HTTP1ParseError.self) { try decoder.drain() }  // stays failed
    }

    @Test("maximumDecodedBytes caps the output as .tooLarge")
    func sizeCap() throws {
        let compressed = Compression.compress(Self.text, .gzip)
        #expect {
            try Self.decode(compressed, limits: DecompressionLimits(maximumDecodedBytes: 1000))
        } throws: { error in
            (error as? HTTP1ParseError)?.kind == .tooLarge && (error as? HTTP1ParseError)?.message.contains("larger than 1000 bytes") == true
        }
        #expect(try Self.decode(compressed, limits: DecompressionLimits(maximumDecodedBytes: Int64(Self.text.count))).output == Self.text)
    }

    @Test("corrupt, truncated and over-long streams are badServerResponse", arguments: [
        ("not compressed at all", Array("hello, this is plain text".utf8), "gzip", "corrupt"),
        ("flipped bytes", { var bytes = Compression.compress(ContentDecoderTests.text, .gzip); bytes[20] ^= 0xFF; bytes[21] ^= 0xFF; return bytes }(), "gzip", "corrupt"),
        ("bad gzip checksum", { var bytes = Compression.compress(ContentDecoderTests.text, .gzip); bytes[bytes.count - 6] ^= 1; return bytes }(), "gzip", "corrupt"),
        ("truncated gzip", Array(Compression.compress(ContentDecoderTests.text, .gzip).dropLast(10)), "gzip", "truncated"),
        ("truncated deflate", Array(Compression.compress(ContentDecoderTests.text, .zlib).dropLast(3)), "deflate", "truncated"),
        ("one byte of deflate", [0x78], "deflate", "truncated"),
        ("bytes after a deflate stream", Compression.compress(ContentDecoderTests.text, .zlib) + [1, 2, 3], "deflate", "follow the end"),
        ("garbage after a gzip member", Compression.compress(ContentDecoderTests.text, .gzip) + Array("junk".utf8), "gzip", "corrupt"),
    ])
    func bad(_ name: String, _ input: [UInt8], _ encoding: String, _ message: String) {
        for step in [Int.max, 3] {
            #expect {
                try Self.decode(input, encoding: encoding, step: step)
            } throws: { error in
                guard let error = error as? HTTP1ParseError else { return false }
                return error.kind == .malformed && error.message.contains(message)
            }
        }
    }

    @Test("several gzip members decode back to back; an empty body is accepted")
    func membersAndEmpty() throws {
        let two = Compression.compress(Array("first ".utf8), .gzip) + Compression.compress(Array("second".utf8), .gzip)
        #expect(try Self.decode(two, step: 5).output == Array("first second".utf8))
        #expect(try Self.decode([]).output == [])
    }
}
#endif
