import Testing
@testable import CourierSockets

/// The encoder's choices, each checked on its bytes and by decoding them.
@Suite("HPACK encoder")
struct HPACKEncoderTests {
    /// Encodes `blocks` with one encoder and decodes each with one decoder, checking the round trip.
    static func encode(
        _ blocks: [[HPACKHeaderField]], encoder: inout HPACKEncoder, decoder: inout HPACKDecoder
    ) throws -> [[UInt8]] {
        var encoded: [[UInt8]] = []
        for fields in blocks {
            var bytes: [UInt8] = []
            encoder.encode(fields, into: &bytes)
            let decoded = try decoder.decode(bytes)
            #expect(decoded.map(\.name) == fields.map(\.name))
            #expect(decoded.map(\.value) == fields.map(\.value))
            encoded.append(bytes)
        }
        return encoded
    }

    static func encode(_ blocks: [[HPACKHeaderField]]) throws -> [[UInt8]] {
        var encoder = HPACKEncoder()
        var decoder = HPACKDecoder()
        return try encode(blocks, encoder: &encoder, decoder: &decoder)
    }

    @Test("a field sent again is one octet: its dynamic table index")
    func indexesRepeats() throws {
        let fields: [HPACKHeaderField] = [.init("user-agent", "courier/1.0"), .init("x-trace", "abc")]
        let blocks = try Self.encode([fields, fields])
        #expect(blocks[0].count > 10)
        #expect(blocks[1] == [0xbf, 0xbe])
    }

    @Test("static table entries are sent as their index")
    func staticEntries() throws {
        let blocks = try Self.encode([[.init(":method", "POST"), .init(":scheme", "https"), .init(":status", "404")]])
        #expect(blocks[0] == [0x83, 0x87, 0x8d])
    }

    @Test("authorization, proxy-authorization, short cookies and neverIndexed fields are never indexed")
    func sensitiveFields() throws {
        let sensitive: [HPACKHeaderField] = [
            .init("authorization", "Bearer abc"), .init("proxy-authorization", "Basic eA=="), .init("cookie", "id=1"),
            .init("x-api-key", "secret", neverIndexed: true),
        ]
        var encoder = HPACKEncoder()
        var decoder = HPACKDecoder()
        let blocks = try Self.encode([sensitive, sensitive], encoder: &encoder, decoder: &decoder)
        #expect(blocks[0] == blocks[1])
        #expect(decoder.table.count == 0)
        #expect(blocks[0].first.map { $0 & 0xF0 } == 0x10)  // never indexed, name 23 (authorization)
        var again = HPACKDecoder()
        #expect(try again.decode(blocks[0]).allSatisfy(\.neverIndexed))
    }

    @Test("a long cookie is indexed")
    func longCookie() throws {
        let cookie = HPACKHeaderField("cookie", "session=0123456789abcdef0123456789")
        let blocks = try Self.encode([[cookie], [cookie]])
        #expect(blocks[1] == [0xbe])
    }

    @Test("volatile fields and fields over 3/4 of the table are sent without indexing")
    func notIndexed() throws {
        let fields: [HPACKHeaderField] = [
            .init(":path", "/search?q=1"), .init("content-length", "12"), .init("if-none-match", "\"abc\""),
            .init("x-large", String(repeating: "x", count: 3100)),
        ]
        var encoder = HPACKEncoder()
        var decoder = HPACKDecoder()
        _ = try Self.encode([fields], encoder: &encoder, decoder: &decoder)
        #expect(decoder.table.count == 0)
        _ = try Self.encode([[.init(":path", "/users"), .init("x-medium", String(repeating: "x", count: 3000))]], encoder: &encoder, decoder: &decoder)
        #expect(decoder.table.count == 2)
    }

    @Test("Huffman coding only when shorter")
    func huffmanWhenShorter() throws {
        let blocks = try Self.encode([[.init("x-a", "~~~~"), .init("x-b", "aaaa")]])
        // x-a: 0x40, name "x-a" (Huffman: 3 octets; raw 3) raw, value raw (Huffman 7 > 4).
        #expect(Array(blocks[0].prefix(10)) == [0x40, 0x03, 0x78, 0x2d, 0x61, 0x04, 0x7e, 0x7e, 0x7e, 0x7e])
        #expect(blocks[0].suffix(4).first == 0x83)  // "aaaa": 20 bits, 3 octets Huffman-coded
    }

    @Test("a lowered table size is announced at the start of the next block and evicts")
    func loweredTableSize() throws {
        var encoder = HPACKEncoder()
        var decoder = HPACKDecoder()
        let field = HPACKHeaderField("x-trace", "abc")
        _ = try Self.encode([[field]], encoder: &encoder, decoder: &decoder)
        encoder.setMaxTableSize(0)
        decoder.setMaxTableSize(0)
        let blocks = try Self.encode([[field], [field]], encoder: &encoder, decoder: &decoder)
        #expect(blocks[0].first == 0x20)
        #expect(blocks[1].first != 0x20)
        #expect(blocks[1] == Array(blocks[0].dropFirst()))  // nothing indexed any more
    }

    @Test("lowered then raised between blocks: both sizes are announced, smallest first")
    func loweredThenRaised() throws {
        var encoder = HPACKEncoder()
        var decoder = HPACKDecoder()
        _ = try Self.encode([[.init("x-trace", "abc")]], encoder: &encoder, decoder: &decoder)
        encoder.setMaxTableSize(100)
        decoder.setMaxTableSize(100)
        encoder.setMaxTableSize(4096)
        decoder.setMaxTableSize(4096)
        let blocks = try Self.encode([[.init(":method", "GET")]], encoder: &encoder, decoder: &decoder)
        #expect(blocks[0] == [0x3f, 0x45, 0x3f, 0xe1, 0x1f, 0x82])
    }

    @Test("unchanged or above the encoder's limit: no update")
    func noUpdate() throws {
        var encoder = HPACKEncoder()
        encoder.setMaxTableSize(4096)
        var bytes: [UInt8] = []
        encoder.encode([.init(":method", "GET")], into: &bytes)
        #expect(bytes == [0x82])
        encoder.setMaxTableSize(1 << 20)
        bytes = []
        encoder.encode([.init(":method", "GET")], into: &bytes)
        #expect(bytes == [0x82])
    }

    @Test("a peer table larger than the limit is announced as the limit in the first block")
    func initialLimit() throws {
        var encoder = HPACKEncoder(maxTableSize: 65536)
        var decoder = HPACKDecoder(maxTableSize: 65536)
        let blocks = try Self.encode([[.init(":method", "GET")]], encoder: &encoder, decoder: &decoder)
        #expect(blocks[0] == [0x3f, 0xe1, 0x1f, 0x82])
        #expect(decoder.table.maxSize == HPACKEncoder.tableSizeLimit)
    }

    @Test("many blocks through a small table stay in step with the decoder")
    func evictionInStep() throws {
        var encoder = HPACKEncoder(maxTableSize: 256)
        var decoder = HPACKDecoder(maxTableSize: 256)
        let blocks = (0..<50).map { round in
            (0..<6).map { HPACKHeaderField("x-field-\((round + $0) % 9)", "value \((round * $0) % 7)") }
        }
        _ = try Self.encode(blocks, encoder: &encoder, decoder: &decoder)
        #expect(decoder.table.size <= 256)
        #expect(decoder.table.count > 0)
    }
}
