import Testing
@testable import CourierSockets

@Suite("HPACK Huffman code")
struct HPACKHuffmanTests {
    @Test("the canonical codes derived from the lengths are RFC 7541 Appendix B's")
    func codes() {
        let expected: [(symbol: Int, code: UInt32, length: UInt8)] = [
            (0, 0x1ff8, 13), (1, 0x7fffd8, 23), (10, 0x3ffffffc, 30), (32, 0x14, 6), (48, 0x0, 5), (97, 0x3, 5),
            (92, 0x7fff0, 19), (127, 0xffffffc, 28), (128, 0xfffe6, 20), (195, 0x7fff1, 19), (255, 0x3ffffee, 26),
            (256, 0x3fffffff, 30),
        ]
        for (symbol, code, length) in expected {
            #expect(HPACKHuffman.codes[symbol] == code, "symbol \(symbol)")
            #expect(HPACKHuffman.codeLengths[symbol] == length, "symbol \(symbol)")
        }
        // A complete prefix code: the Kraft sum is exactly 1.
        #expect(HPACKHuffman.codeLengths.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) } == 1)
    }

    static let examples: [(text: String, hex: String)] = [
        ("www.example.com", "f1e3c2e5f23a6ba0ab90f4ff"), ("no-cache", "a8eb10649cbf"), ("custom-key", "25a849e95ba97d7f"),
        ("custom-value", "25a849e95bb8e8b4bf"), ("302", "6402"), ("private", "aec3771a4b"),
        ("Mon, 21 Oct 2013 20:13:21 GMT", "d07abe941054d444a8200595040b8166e082a62d1bff"),
        ("https://www.example.com", "9d29ad171863c78f0b97c8e9ae82ae43d3"), ("307", "640eff"), ("gzip", "9bd9ab"),
        ("foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1",
         "94e7821dd7f2e6c7b335dfdfcd5b3960d5af27087f3672c1ab270fb5291f9587316065c003ed4ee5b1063d5007"),
    ]

    @Test("RFC 7541 Appendix C strings encode and decode byte for byte")
    func examplesRoundTrip() throws {
        for (text, hex) in Self.examples {
            var encoded: [UInt8] = []
            HPACKHuffman.encode(text.utf8, into: &encoded)
            #expect(Hex.string(encoded) == hex)
            #expect(HPACKHuffman.encodedCount(text.utf8) == encoded.count)
            var decoded: [UInt8] = []
            try HPACKHuffman.decode(Hex.bytes(hex)[...], into: &decoded, limit: 1000)
            #expect(decoded == Array(text.utf8))
        }
    }

    @Test("every octet value round-trips, alone and all together")
    func everyOctet() throws {
        let all = String(decoding: [UInt8](0...127), as: UTF8.self)
        for text in [all] + (0...127).map({ String(UnicodeScalar(UInt8($0))) }) {
            var encoded: [UInt8] = []
            HPACKHuffman.encode(text.utf8, into: &encoded)
            var decoded: [UInt8] = []
            #expect(try HPACKHuffman.decode(encoded[...], into: &decoded, limit: .max))  // ASCII
            #expect(decoded == Array(text.utf8))
        }
        let high = "\u{e9}\u{ff}\u{80}"  // UTF-8 octets 0x80...0xFF
        var encoded: [UInt8] = []
        HPACKHuffman.encode(high.utf8, into: &encoded)
        var decoded: [UInt8] = []
        #expect(try HPACKHuffman.decode(encoded[...], into: &decoded, limit: .max) == false)  // not ASCII
        #expect(decoded == Array(high.utf8))
    }

    @Test("the output limit stops decoding")
    func limit() {
        var decoded: [UInt8] = []
        #expect(throws: HPACKError.self) { try HPACKHuffman.decode(Hex.bytes("9bd9ab")[...], into: &decoded, limit: 3) }
        #expect(decoded.count == 3)
    }
}
