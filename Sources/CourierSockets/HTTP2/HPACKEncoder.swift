/// Encodes header lists into header blocks (RFC 7541): one encoder per connection, every block sent in order.
///
/// Choices: a field in the static or dynamic table is sent as its index; others as literals, with the name by
/// index when it is in a table, and each string Huffman-coded when that is shorter. A literal is added to the
/// dynamic table unless it is sensitive (`neverIndexed`, `authorization`, `proxy-authorization`, a `cookie`
/// under 20 octets: sent never-indexed, RFC 7541 §7.1.3), unlikely to repeat (a `:path` with a query, dates,
/// lengths, validators), or larger than three quarters of the table.
package struct HPACKEncoder: Sendable {
    /// The largest dynamic table this encoder uses, whatever the peer allows: a client sends few distinct
    /// fields, and each connection holds its table.
    package static let tableSizeLimit = 4096

    /// The table; its maximum size is the one the peer's decoder knows (the last update sent).
    private var table: HPACKDynamicTable
    /// The smallest size the peer allowed since the last block, and the size it allows now (each capped at
    /// `tableSizeLimit`), while they await the next block.
    private var pendingSizes: (smallest: Int, final: Int)?

    /// Creates an encoder for a peer whose decoder's table is `maxTableSize` octets (4,096 until its SETTINGS
    /// arrive). This encoder's table is at most `tableSizeLimit`; when smaller, the first block says so.
    package init(maxTableSize: Int = 4096) {
        let allowed = max(0, maxTableSize)
        table = HPACKDynamicTable(maxSize: allowed, tracksLookups: true)
        let size = min(allowed, Self.tableSizeLimit)
        if size < allowed { pendingSizes = (size, size) }
    }

    /// The peer's SETTINGS_HEADER_TABLE_SIZE changed. The next block starts with a dynamic table size update
    /// when the table this encoder uses changes: first the smallest size allowed meanwhile when that is below
    /// the table's size (so the peer's decoder evicts as this table did), then the size now (RFC 7541 §4.2).
    package mutating func setMaxTableSize(_ size: Int) {
        let size = min(max(0, size), Self.tableSizeLimit)
        pendingSizes = (min(pendingSizes?.smallest ?? size, size), size)
    }

    /// Appends the header block of `fields`, in order, to `bytes`.
    package mutating func encode(_ fields: [HPACKHeaderField], into bytes: inout [UInt8]) {
        if let sizes = pendingSizes {
            if sizes.smallest < table.maxSize { updateTableSize(sizes.smallest, into: &bytes) }
            if sizes.final != table.maxSize { updateTableSize(sizes.final, into: &bytes) }
            pendingSizes = nil
        }
        for field in fields { encode(field, into: &bytes) }
    }

    /// A dynamic table size update (RFC 7541 §6.3).
    private mutating func updateTableSize(_ size: Int, into bytes: inout [UInt8]) {
        HPACKInteger.encode(size, prefixBits: 5, flags: 0x20, into: &bytes)
        table.setMaxSize(size)
    }

    private mutating func encode(_ field: HPACKHeaderField, into bytes: inout [UInt8]) {
        let indexing = indexing(of: field)
        if indexing != .never, let index = index(of: field) {
            HPACKInteger.encode(index, prefixBits: 7, flags: 0x80, into: &bytes)
            return
        }
        let nameIndex = index(ofName: field.name) ?? 0
        switch indexing {
        case .incremental: HPACKInteger.encode(nameIndex, prefixBits: 6, flags: 0x40, into: &bytes)
        case .none: HPACKInteger.encode(nameIndex, prefixBits: 4, flags: 0x00, into: &bytes)
        case .never: HPACKInteger.encode(nameIndex, prefixBits: 4, flags: 0x10, into: &bytes)
        }
        if nameIndex == 0 { encodeString(field.name, into: &bytes) }
        encodeString(field.value, into: &bytes)
        if indexing == .incremental {
            table.insert(HPACKDynamicTable.Entry(field: field, nameSize: field.name.utf8.count, valueSize: field.value.utf8.count))
        }
    }

    /// How a literal is sent (RFC 7541 §6.2).
    private enum Indexing { case incremental, none, never }

    private func indexing(of field: HPACKHeaderField) -> Indexing {
        if field.neverIndexed { return .never }
        switch field.name {
        case "authorization", "proxy-authorization": return .never
        case "cookie" where field.value.utf8.count < 20: return .never
        case ":path" where field.value.utf8.contains(UInt8(ascii: "?")): return .none
        case "content-length", "date", "etag", "if-modified-since", "if-none-match", "last-modified", "range",
            "if-range", "content-range", "age", "location":
            return .none
        default:
            let size = field.name.utf8.count + field.value.utf8.count + 32
            return size * 4 > table.maxSize * 3 ? .none : .incremental
        }
    }

    /// The index of an entry with this name and value, static first.
    private func index(of field: HPACKHeaderField) -> Int? {
        if let index = HPACKStaticTable.index(of: field.name, field.value) { return index }
        return table.index(of: field.name, field.value).map { $0 + HPACKStaticTable.entries.count }
    }

    /// The index of an entry with this name, static first.
    private func index(ofName name: String) -> Int? {
        if let index = HPACKStaticTable.nameIndices[name] { return index }
        return table.index(ofName: name).map { $0 + HPACKStaticTable.entries.count }
    }

    /// A string literal (RFC 7541 §5.2), Huffman-coded when that is shorter.
    private func encodeString(_ text: String, into bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let huffmanCount = HPACKHuffman.encodedCount(utf8)
        if huffmanCount < utf8.count {
            HPACKInteger.encode(huffmanCount, prefixBits: 7, flags: 0x80, into: &bytes)
            HPACKHuffman.encode(utf8, into: &bytes)
        } else {
            HPACKInteger.encode(utf8.count, prefixBits: 7, flags: 0x00, into: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }
}
