import Testing
@testable import CourierSockets

/// The decoder's rules on hostile blocks: each gets its typed error, never a trap or an unbounded allocation.
@Suite("HPACK decoder")
struct HPACKDecoderTests {
    /// Blocks a fresh decoder rejects: what is wrong, the block, the error.
    static let rejected: [(name: String, block: String, kind: HPACKError.Kind)] = [
        ("index 0", "80", .invalidIndex),
        ("index 62 with an empty dynamic table", "be", .invalidIndex),
        ("literal whose name index is past the tables", "7e 01 61", .invalidIndex),
        ("integer ends after its prefix", "ff", .truncated),
        ("integer ends inside its continuation", "ff 80", .truncated),
        ("integer above 2^31 - 1", "ff ff ff ff ff 0f", .integerOverflow),
        ("integer with six continuation bytes", "ff 80 80 80 80 80 00", .integerOverflow),
        ("string longer than the block", "40 05 61 62", .truncated),
        ("literal without its value", "40 01 61", .truncated),
        ("literal without its name", "40", .truncated),
        ("Huffman string holding EOS", "00 84 ff ff ff ff 00", .invalidHuffman),
        ("Huffman padding of 11 bits", "00 82 1f ff 00", .invalidHuffman),
        ("Huffman padding of zeros", "00 81 18 00", .invalidHuffman),
        ("Huffman padding of a whole byte", "00 82 f8 ff 00", .invalidHuffman),
        ("table size update after a field", "82 20", .invalidTableSizeUpdate),
        ("table size update above the advertised 4096", "3f e2 1f", .invalidTableSizeUpdate),
    ]

    @Test("each malformed block gets its error")
    func rejects() {
        for (name, block, kind) in Self.rejected {
            var decoder = HPACKDecoder()
            let error = hpackError { _ = try decoder.decode(Hex.bytes(block)) }
            #expect(error?.kind == kind, "\(name): \(error.map(String.init(describing:)) ?? "no error")")
        }
    }

    @Test("valid Huffman padding: up to 7 one bits")
    func validPadding() throws {
        var decoder = HPACKDecoder()
        // 'a' is 00011: with 3 one bits of padding, then 'a' + 'a' (10 bits) with 6.
        #expect(try decoder.decode(Hex.bytes("00 81 1f 00")) == [.init("a", "")])
        #expect(try decoder.decode(Hex.bytes("00 82 18 ff 00")) == [.init("aa", "")])
        #expect(try decoder.decode(Hex.bytes("00 80 00")) == [.init("", "")])
    }

    @Test("the largest integer accepted is 2^31 - 1")
    func integerLimit() {
        var decoder = HPACKDecoder()
        // 127 + 0x7fffff80 = 2^31 - 1: a valid integer, an index past the tables.
        #expect(hpackError { _ = try decoder.decode(Hex.bytes("ff 80 ff ff ff 07")) }?.kind == .invalidIndex)
    }

    @Test("dynamic table size updates: several at the start, within the advertised size")
    func tableSizeUpdates() throws {
        var decoder = HPACKDecoder(maxTableSize: 100)
        _ = try decoder.decode(Hex.bytes("40 01 61 01 62"))  // a: b, 34 octets
        #expect(try decoder.decode(Hex.bytes("be")) == [.init("a", "b")])
        // 0 evicts everything, then 100: index 62 is gone.
        #expect(hpackError { _ = try decoder.decode(Hex.bytes("20 3f 45 be")) }?.kind == .invalidIndex)
        var second = HPACKDecoder(maxTableSize: 100)
        #expect(try second.decode(Hex.bytes("20 3f 45 82")) == [.init(":method", "GET")])
        #expect(second.table.maxSize == 100)
        #expect(try second.decode(Hex.bytes("20")) == [])
    }

    @Test("an update to the advertised maximum is accepted, one above is not")
    func updateBounds() throws {
        var decoder = HPACKDecoder(maxTableSize: 100)
        #expect(try decoder.decode(Hex.bytes("3f 45 82")) == [.init(":method", "GET")])
        #expect(decoder.table.maxSize == 100)
        #expect(hpackError { _ = try decoder.decode(Hex.bytes("3f 46 82")) }?.kind == .invalidTableSizeUpdate)
    }

    @Test("after the advertised size is lowered, the next block must start with an update")
    func requiredUpdate() throws {
        var decoder = HPACKDecoder()
        decoder.setMaxTableSize(0)
        #expect(hpackError { _ = try decoder.decode([0x82]) }?.kind == .invalidTableSizeUpdate)
        var second = HPACKDecoder()
        second.setMaxTableSize(0)
        #expect(try second.decode([0x20, 0x82]) == [.init(":method", "GET")])
        #expect(try second.decode([0x82]) == [.init(":method", "GET")])
        var raised = HPACKDecoder()
        raised.setMaxTableSize(8192)
        #expect(try raised.decode([0x82]) == [.init(":method", "GET")])
        #expect(try raised.decode([0x3f, 0xe1, 0x3f, 0x82]) == [.init(":method", "GET")])  // 8192
    }

    @Test("an entry larger than the table empties it and is not added")
    func oversizedEntry() throws {
        var decoder = HPACKDecoder(maxTableSize: 40)
        _ = try decoder.decode(Hex.bytes("40 01 61 01 62"))  // 34 octets
        #expect(decoder.table.count == 1)
        _ = try decoder.decode(Hex.bytes("40 01 61 08 3132333435363738"))  // 41 octets
        #expect(decoder.table.count == 0)
        #expect(decoder.table.size == 0)
    }

    @Test("the header list size counts name + value + 32 per field, and the cap is inclusive")
    func headerListCap() throws {
        let value = String(repeating: "v", count: 67)
        let block = [0x00, 0x01, 0x61, 0x43] + Array(value.utf8)  // a: 67 v's, 100 octets
        var atCap = HPACKDecoder(maxHeaderListSize: 100)
        #expect(try atCap.decode(block) == [.init("a", value)])
        var belowCap = HPACKDecoder(maxHeaderListSize: 99)
        #expect(hpackError { _ = try belowCap.decode(block) }?.kind == .headerListTooLarge)
    }

    @Test("repeated references to one large entry stop at the cap")
    func repeatedReferences() throws {
        let value = [UInt8](repeating: 0x76, count: 1000)
        var block: [UInt8] = [0x40, 0x01, 0x61, 0x7f, 0xe9, 0x06] + value  // a: 1000 v's, indexed (1033 octets)
        block += [UInt8](repeating: 0xbe, count: 300)
        var decoder = HPACKDecoder(maxHeaderListSize: 64 * 1024)
        #expect(hpackError { _ = try decoder.decode(block) }?.kind == .headerListTooLarge)
        var large = HPACKDecoder(maxHeaderListSize: 400 * 1024)
        #expect(try large.decode(block).count == 301)
    }

    @Test("a Huffman string that would decode past the cap stops before it does")
    func huffmanCap() {
        // A name of 32 '0's (5 bits each, 20 octets Huffman-coded): 32 + 32 > 40.
        let block: [UInt8] = [0x00, 0x94] + [UInt8](repeating: 0x00, count: 20) + [0x00]
        var decoder = HPACKDecoder(maxHeaderListSize: 40)
        #expect(hpackError { _ = try decoder.decode(block) }?.kind == .headerListTooLarge)
        var larger = HPACKDecoder(maxHeaderListSize: 64)
        #expect((try? larger.decode(block)) == [.init(String(repeating: "0", count: 32), "")])
    }

    @Test("octets that are not UTF-8 read as ISO-8859-1 and count as one octet each")
    func latin1() throws {
        var decoder = HPACKDecoder()
        #expect(try decoder.decode(Hex.bytes("40 01 61 01 e9")) == [.init("a", "\u{e9}")])
        #expect(decoder.table.size == 34)
        #expect(try decoder.decode(Hex.bytes("be")) == [.init("a", "\u{e9}")])
    }

    @Test("a block continues from the dynamic table the previous ones left")
    func tableAcrossBlocks() throws {
        var decoder = HPACKDecoder()
        _ = try decoder.decode(Hex.bytes("40 01 61 01 62"))
        _ = try decoder.decode(Hex.bytes("40 01 63 01 64"))
        #expect(try decoder.decode(Hex.bytes("be bf")) == [.init("c", "d"), .init("a", "b")])
        #expect(try decoder.decode(Hex.bytes("7e 01 78")) == [.init("c", "x")])  // name by index 62
    }
}
