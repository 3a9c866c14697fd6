/// Decodes header blocks (RFC 7541) into header lists: one decoder per connection, fed every block the peer
/// sends, in order, since each block may change the dynamic table the next one refers to.
///
/// Hostile input gets an `HPACKError`, never a trap: integers, indices and Huffman strings are checked, and the
/// header list size cap (RFC 9113 §6.5.2) is enforced while decoding, so a block never makes the decoder hold
/// much more than the cap. After an error the decoder's table may no longer match the peer's: the connection
/// must end (COMPRESSION_ERROR).
package struct HPACKDecoder: Sendable {
    /// The SETTINGS_HEADER_TABLE_SIZE this side advertised: no dynamic table size update may exceed it.
    package private(set) var maxTableSize: Int
    /// The largest header list accepted, counting name + value + 32 octets per field.
    package let maxHeaderListSize: Int
    /// The dynamic table (internal for tests).
    private(set) var table: HPACKDynamicTable
    /// Set when `maxTableSize` fell below the table's maximum size: the next block must start with an update.
    private var sizeUpdateRequired = false
    /// Reused for Huffman output, so decoding a string allocates only the string.
    private var scratch: [UInt8] = []

    /// Creates a decoder whose dynamic table starts at `maxTableSize` octets (the SETTINGS_HEADER_TABLE_SIZE
    /// advertised, 4,096 by default) and that rejects header lists over `maxHeaderListSize`.
    package init(maxTableSize: Int = 4096, maxHeaderListSize: Int = 256 * 1024) {
        self.maxTableSize = max(0, maxTableSize)
        self.maxHeaderListSize = max(0, maxHeaderListSize)
        table = HPACKDynamicTable(maxSize: self.maxTableSize, tracksLookups: false)
    }

    /// Records a new advertised SETTINGS_HEADER_TABLE_SIZE (call it when the peer acknowledges the SETTINGS).
    /// A value below the table's current maximum requires the peer to start its next block with a dynamic table
    /// size update (RFC 7541 §4.2).
    package mutating func setMaxTableSize(_ size: Int) {
        maxTableSize = max(0, size)
        if maxTableSize < table.maxSize { sizeUpdateRequired = true }
    }

    /// Decodes one complete header block (a HEADERS frame's fragment and its CONTINUATIONs, joined).
    package mutating func decode(_ block: [UInt8]) throws(HPACKError) -> [HPACKHeaderField] {
        try decode(block[...])
    }

    /// Decodes one complete header block.
    package mutating func decode(_ block: ArraySlice<UInt8>) throws(HPACKError) -> [HPACKHeaderField] {
        var position = block.startIndex
        var fields: [HPACKHeaderField] = []
        fields.reserveCapacity(min(block.count, 16))  // a field takes at least one octet
        var listSize = 0
        while position < block.endIndex, block[position] & 0xE0 == 0x20 {
            try updateTableSize(block, at: &position)
        }
        if sizeUpdateRequired {
            throw HPACKError(.invalidTableSizeUpdate, "the block does not start with the dynamic table size update "
                + "that lowering the table size to \(maxTableSize) requires")
        }
        while position < block.endIndex {
            let entry = try decodeField(block, at: &position, budget: maxHeaderListSize - listSize)
            listSize += entry.size
            guard listSize <= maxHeaderListSize else {
                throw HPACKError(.headerListTooLarge, "the header list exceeds \(maxHeaderListSize) octets")
            }
            fields.append(entry.field)
        }
        return fields
    }

    /// A dynamic table size update (RFC 7541 §6.3), allowed only before the first field.
    private mutating func updateTableSize(_ block: ArraySlice<UInt8>, at position: inout Int) throws(HPACKError) {
        let size = try HPACKInteger.decode(block, at: &position, prefixBits: 5)
        guard size <= maxTableSize else {
            throw HPACKError(.invalidTableSizeUpdate, "a dynamic table size update to \(size) exceeds the advertised \(maxTableSize)")
        }
        table.setMaxSize(size)
        sizeUpdateRequired = false
    }

    /// One field representation (RFC 7541 §6.1, §6.2), whose size may be at most `budget`.
    private mutating func decodeField(
        _ block: ArraySlice<UInt8>, at position: inout Int, budget: Int
    ) throws(HPACKError) -> HPACKDynamicTable.Entry {
        let first = block[position]
        if first & 0x80 != 0 {
            return try entry(at: HPACKInteger.decode(block, at: &position, prefixBits: 7))
        }
        if first & 0xE0 == 0x20 {
            throw HPACKError(.invalidTableSizeUpdate, "a dynamic table size update follows a header field")
        }
        let indexes = first & 0x40 != 0
        let nameIndex = try HPACKInteger.decode(block, at: &position, prefixBits: indexes ? 6 : 4)
        let name: String
        let nameSize: Int
        if nameIndex == 0 {
            (name, nameSize) = try decodeString(block, at: &position, budget: budget - 32)
        } else {
            let named = try entry(at: nameIndex)
            (name, nameSize) = (named.field.name, named.nameSize)
        }
        let (value, valueSize) = try decodeString(block, at: &position, budget: budget - 32 - nameSize)
        let field = HPACKHeaderField(name: name, value: value, neverIndexed: first & 0xF0 == 0x10)
        let entry = HPACKDynamicTable.Entry(field: field, nameSize: nameSize, valueSize: valueSize)
        if indexes { table.insert(entry) }
        return entry
    }

    /// The static (1...61) or dynamic (62...) entry at `index`.
    private func entry(at index: Int) throws(HPACKError) -> HPACKDynamicTable.Entry {
        let staticCount = HPACKStaticTable.entries.count
        if index >= 1, index <= staticCount {
            return HPACKStaticTable.entries[index - 1]
        }
        guard index > staticCount, index - staticCount <= table.count else {
            throw HPACKError(.invalidIndex, "index \(index) is not in the tables (\(staticCount + table.count) entries)")
        }
        return table[index - staticCount]
    }

    /// A string literal (RFC 7541 §5.2) and its length in octets, which may be at most `budget`.
    private mutating func decodeString(
        _ block: ArraySlice<UInt8>, at position: inout Int, budget: Int
    ) throws(HPACKError) -> (String, Int) {
        guard position < block.endIndex else { throw HPACKError(.truncated, "the block ends before a string") }
        let huffman = block[position] & 0x80 != 0
        let length = try HPACKInteger.decode(block, at: &position, prefixBits: 7)
        guard length <= block.endIndex - position else {
            throw HPACKError(.truncated, "a \(length)-octet string runs past the end of the block")
        }
        let encoded = block[position..<(position + length)]
        position += length
        if !huffman {
            guard length <= budget else {
                throw HPACKError(.headerListTooLarge, "the header list exceeds \(maxHeaderListSize) octets")
            }
            let ascii = encoded.allSatisfy { $0 < 0x80 }
            return (encoded.withUnsafeBytes { HTTP1Bytes.string($0, 0..<$0.count, ascii: ascii) }, length)
        }
        scratch.removeAll(keepingCapacity: true)
        let ascii = try HPACKHuffman.decode(encoded, into: &scratch, limit: max(0, budget))
        return (scratch.withUnsafeBytes { HTTP1Bytes.string($0, 0..<$0.count, ascii: ascii) }, scratch.count)
    }
}
