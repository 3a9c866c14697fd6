import Testing
@testable import CourierSockets

/// RFC 7541 Appendix C, byte for byte: every example block decodes to its header list and leaves the dynamic
/// table the RFC shows; the encoder reproduces the blocks whose choices match its own (C.2.4, C.4).
@Suite("HPACK: RFC 7541 Appendix C examples")
struct HPACKRFCExampleTests {
    static let requests: [[HPACKHeaderField]] = [
        [.init(":method", "GET"), .init(":scheme", "http"), .init(":path", "/"), .init(":authority", "www.example.com")],
        [.init(":method", "GET"), .init(":scheme", "http"), .init(":path", "/"), .init(":authority", "www.example.com"),
         .init("cache-control", "no-cache")],
        [.init(":method", "GET"), .init(":scheme", "https"), .init(":path", "/index.html"), .init(":authority", "www.example.com"),
         .init("custom-key", "custom-value")],
    ]
    static let requestTables: [(entries: [String], size: Int)] = [
        ([":authority: www.example.com"], 57),
        (["cache-control: no-cache", ":authority: www.example.com"], 110),
        (["custom-key: custom-value", "cache-control: no-cache", ":authority: www.example.com"], 164),
    ]
    static let cookie = "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1"
    static let responses: [[HPACKHeaderField]] = [
        [.init(":status", "302"), .init("cache-control", "private"), .init("date", "Mon, 21 Oct 2013 20:13:21 GMT"),
         .init("location", "https://www.example.com")],
        [.init(":status", "307"), .init("cache-control", "private"), .init("date", "Mon, 21 Oct 2013 20:13:21 GMT"),
         .init("location", "https://www.example.com")],
        [.init(":status", "200"), .init("cache-control", "private"), .init("date", "Mon, 21 Oct 2013 20:13:22 GMT"),
         .init("location", "https://www.example.com"), .init("content-encoding", "gzip"), .init("set-cookie", cookie)],
    ]
    static let responseTables: [(entries: [String], size: Int)] = [
        (["location: https://www.example.com", "date: Mon, 21 Oct 2013 20:13:21 GMT", "cache-control: private", ":status: 302"], 222),
        ([":status: 307", "location: https://www.example.com", "date: Mon, 21 Oct 2013 20:13:21 GMT", "cache-control: private"], 222),
        (["set-cookie: \(cookie)", "content-encoding: gzip", "date: Mon, 21 Oct 2013 20:13:22 GMT"], 215),
    ]

    static let c3 = [
        "8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d",
        "8286 84be 5808 6e6f 2d63 6163 6865",
        "8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65",
    ]
    static let c4 = [
        "8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff",
        "8286 84be 5886 a8eb 1064 9cbf",
        "8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf",
    ]
    static let c5 = [
        "4803 3330 3258 0770 7269 7661 7465 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32"
            + "3120 474d 546e 1768 7474 7073 3a2f 2f77 7777 2e65 7861 6d70 6c65 2e63 6f6d",
        "4803 3330 37c1 c0bf",
        "88c1 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3220 474d 54c0 5a04 677a 6970"
            + "7738 666f 6f3d 4153 444a 4b48 514b 425a 584f 5157 454f 5049 5541 5851 5745 4f49 553b 206d 6178 2d61"
            + "6765 3d33 3630 303b 2076 6572 7369 6f6e 3d31",
    ]
    static let c6 = [
        "4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6 2d1b ff6e 919d 29ad"
            + "1718 63c7 8f0b 97c8 e9ae 82ae 43d3",
        "4883 640e ffc1 c0bf",
        "88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad 94e7 821d d7f2"
            + "e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07",
    ]

    @Test("C.2.1 literal with indexing")
    func literalWithIndexing() throws {
        var decoder = HPACKDecoder()
        let fields = try decoder.decode(Hex.bytes("400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572"))
        #expect(fields == [.init("custom-key", "custom-header")])
        #expect(decoder.dynamicEntries == ["custom-key: custom-header"])
        #expect(decoder.table.size == 55)
    }

    @Test("C.2.2 literal without indexing")
    func literalWithoutIndexing() throws {
        var decoder = HPACKDecoder()
        #expect(try decoder.decode(Hex.bytes("040c 2f73 616d 706c 652f 7061 7468")) == [.init(":path", "/sample/path")])
        #expect(decoder.table.count == 0)
    }

    @Test("C.2.3 literal never indexed")
    func literalNeverIndexed() throws {
        var decoder = HPACKDecoder()
        let fields = try decoder.decode(Hex.bytes("1008 7061 7373 776f 7264 0673 6563 7265 74"))
        #expect(fields == [.init("password", "secret", neverIndexed: true)])
        #expect(decoder.table.count == 0)
    }

    @Test("C.2.4 indexed field, decoded and encoded")
    func indexedField() throws {
        var decoder = HPACKDecoder()
        #expect(try decoder.decode([0x82]) == [.init(":method", "GET")])
        var encoder = HPACKEncoder()
        var bytes: [UInt8] = []
        encoder.encode([.init(":method", "GET")], into: &bytes)
        #expect(bytes == [0x82])
    }

    @Test("C.3 and C.4 requests, without and with Huffman coding", arguments: [false, true])
    func requests(huffman: Bool) throws {
        var decoder = HPACKDecoder()
        for (index, block) in (huffman ? Self.c4 : Self.c3).enumerated() {
            #expect(try decoder.decode(Hex.bytes(block)) == Self.requests[index], "block \(index + 1)")
            #expect(decoder.dynamicEntries == Self.requestTables[index].entries, "block \(index + 1)")
            #expect(decoder.table.size == Self.requestTables[index].size, "block \(index + 1)")
        }
    }

    @Test("C.4 requests encoded byte for byte (Huffman, incremental indexing)")
    func encodeRequests() {
        var encoder = HPACKEncoder()
        for (index, fields) in Self.requests.enumerated() {
            var bytes: [UInt8] = []
            encoder.encode(fields, into: &bytes)
            #expect(Hex.string(bytes) == String(Self.c4[index].filter { $0 != " " }), "block \(index + 1)")
        }
    }

    @Test("C.5 and C.6 responses with a 256-octet table (evictions)", arguments: [false, true])
    func responses(huffman: Bool) throws {
        var decoder = HPACKDecoder(maxTableSize: 256)
        for (index, block) in (huffman ? Self.c6 : Self.c5).enumerated() {
            #expect(try decoder.decode(Hex.bytes(block)) == Self.responses[index], "block \(index + 1)")
            #expect(decoder.dynamicEntries == Self.responseTables[index].entries, "block \(index + 1)")
            #expect(decoder.table.size == Self.responseTables[index].size, "block \(index + 1)")
        }
    }
}
