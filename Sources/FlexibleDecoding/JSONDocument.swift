import Foundation

/// A parsed JSON document: an owned copy of the input bytes plus the flat node tree pointing into them.
///
/// The bytes are copied once so that decoders (which user code may keep) never point into memory they
/// do not own. A `0` sentinel byte follows the input to let the parser's scanning loops stop without a
/// bounds check on every byte. For a small input the copy and the room for its nodes are one allocation
/// (`block`): a small body's decode then makes one allocation fewer than with a buffer for each.
final class JSONDocument {
    /// The input bytes followed by one `0` sentinel byte.
    let bytes: UnsafeMutablePointer<UInt8>
    /// The input length (without the sentinel).
    let byteCount: Int
    /// The nodes; index 0 is the root value, the last one is a spare `null` (see `nullNode`).
    let nodes: UnsafeMutablePointer<JSONNode>
    /// Number of initialized nodes, the spare `null` included.
    let nodeCount: Int
    /// The one allocation holding the room for the first nodes (small inputs only) and then the bytes.
    private let block: UnsafeMutableRawPointer
    /// Whether `nodes` is an allocation of its own (a large input, or nodes that outgrew the block's room).
    private let nodesOutsideBlock: Bool

    /// Inputs up to this many bytes get their first nodes' room in the block; larger ones a node buffer of
    /// its own, so that one the parser outgrows is freed at once rather than kept with the bytes.
    private static var inlineNodesLimit: Int { 1 << 16 }

    /// Parses `data`, throwing `JSONParseError` for malformed input.
    init(parsing input: Data, maximumDepth: Int) throws(JSONParseError) {
        // One pass over the bytes through `withUnsafeBytes`: `Data`'s subscript and `copyBytes` each check
        // exclusivity and dispatch on the representation, a tenth of a small body's decode.
        let copied = input.withUnsafeBytes { raw -> (UnsafeMutableRawPointer, Int)? in
            if JSONTextEncoding.nonUTF8Encoding(of: raw) != nil { return nil }
            let block = Self.allocateBlock(byteCount: raw.count)
            let storage = Self.bytes(in: block, byteCount: raw.count)
            if let base = raw.baseAddress { storage.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: raw.count) }
            storage[raw.count] = 0
            return (block, raw.count)
        }
        let (block, count): (UnsafeMutableRawPointer, Int)
        if let copied { (block, count) = copied } else { (block, count) = try Self.transcodedCopy(of: input) }
        let storage = Self.bytes(in: block, byteCount: count)
        let capacity = JSONParser.initialNodeCapacity(forByteCount: count)
        let inline = count <= Self.inlineNodesLimit
        // unsafe pointers: the block's first `nodeRoom` bytes are reserved for `capacity` nodes (aligned for
        // them, see `allocateBlock`), and the bytes after them are bound to `UInt8` only: the two never overlap.
        let initialNodes = inline
            ? block.bindMemory(to: JSONNode.self, capacity: capacity)
            : UnsafeMutablePointer<JSONNode>.allocate(capacity: capacity)
        var parser = JSONParser(
            bytes: storage, count: count, maximumDepth: maximumDepth,
            initialNodes: initialNodes, initialCapacity: capacity, ownsInitialNodes: !inline)
        do {
            try parser.parseDocument()
        } catch {
            parser.deallocate()
            block.deallocate()
            throw error
        }
        self.block = block
        bytes = storage
        byteCount = count
        nodes = parser.nodes
        nodeCount = parser.count
        nodesOutsideBlock = parser.ownsNodes
    }

    /// The bytes before the input in a block for `byteCount` input bytes: room for the parser's first nodes
    /// when the input is small, else none.
    private static func nodeRoom(forByteCount byteCount: Int) -> Int {
        byteCount <= inlineNodesLimit ? JSONParser.initialNodeCapacity(forByteCount: byteCount) * MemoryLayout<JSONNode>.stride : 0
    }

    /// A block for `byteCount` input bytes, the sentinel and (small inputs) the first nodes, aligned for nodes.
    private static func allocateBlock(byteCount: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer.allocate(
            byteCount: nodeRoom(forByteCount: byteCount) + byteCount + 1, alignment: MemoryLayout<JSONNode>.alignment)
    }

    /// Where the input bytes (and the sentinel after them) go in a block made by `allocateBlock(byteCount:)`.
    private static func bytes(in block: UnsafeMutableRawPointer, byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        // unsafe pointers: the block has `nodeRoom + byteCount + 1` bytes, so this range is inside it.
        (block + nodeRoom(forByteCount: byteCount)).bindMemory(to: UInt8.self, capacity: byteCount + 1)
    }

    /// UTF-16/32 input (rare), transcoded once to UTF-8 in a block of its own (plus the sentinel); error
    /// offsets then refer to the UTF-8 text.
    private static func transcodedCopy(of input: Data) throws(JSONParseError) -> (UnsafeMutableRawPointer, Int) {
        let encoding = input.withUnsafeBytes { JSONTextEncoding.nonUTF8Encoding(of: $0) } ?? .utf8
        let unit = encoding == .utf32 || encoding == .utf32BigEndian || encoding == .utf32LittleEndian ? 4 : 2
        // `String(data:encoding:)` silently drops a trailing partial code unit; that is corrupt input.
        guard input.count % unit == 0, let text = String(data: input, encoding: encoding) else {
            throw JSONParseError(reason: .invalidTextEncoding, offset: 0, line: 1, column: 1)
        }
        let utf8 = Array(text.utf8)
        let block = allocateBlock(byteCount: utf8.count)
        let storage = bytes(in: block, byteCount: utf8.count)
        storage.initialize(from: utf8, count: utf8.count)
        storage[utf8.count] = 0
        return (block, utf8.count)
    }

    deinit {
        if nodesOutsideBlock { nodes.deallocate() }
        block.deallocate()
    }

    /// The index of a `null` node used for absent values (`superDecoder(forKey:)` of a missing key).
    var nullNode: Int { nodeCount - 1 }

    /// The raw bytes of a scalar node.
    @inline(__always) func text(of node: JSONNode) -> UnsafeBufferPointer<UInt8> {
        Self.text(of: node, in: bytes)
    }

    /// `text(of:)` for a node of the document whose bytes start at `bytes`.
    @inline(__always) static func text(of node: JSONNode, in bytes: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + node.offset, count: node.length)
    }

    /// The decoded contents of a string node (escapes resolved). The parser already validated UTF-8
    /// and escapes, so this cannot fail.
    func string(of node: JSONNode) -> String {
        Self.string(of: node, in: bytes)
    }

    /// `string(of:)` for a node of the document whose bytes start at `bytes`. Static, like the key lookup
    /// below, so that callers reach it through plain pointers without retaining the document per call.
    ///
    /// Plain text is copied straight into the new string's storage: for up to 15 ASCII bytes (most
    /// values and keys) the string is built in place with no UTF-8 validation pass, where
    /// `String(decoding:as:)` validates first and copies after (a third of a records decode's string cost).
    static func string(of node: JSONNode, in bytes: UnsafeMutablePointer<UInt8>) -> String {
        let raw = text(of: node, in: bytes)
        if node.flags & JSONNode.escaped == 0 {
            return String(unsafeUninitializedCapacity: raw.count) { output in
                // `raw` is `output.count` initialized bytes of the document; the ranges cannot overlap.
                if let source = raw.baseAddress, let target = output.baseAddress {
                    target.initialize(from: source, count: raw.count)
                }
                return raw.count
            }
        }
        return String(unsafeUninitializedCapacity: raw.count) { output in
            JSONEscapes.unescape(raw, into: output)
        }
    }

    /// The index of the value for `key` in the object at `object`, or `nil`. The first matching key wins.
    @inline(__always)
    func valueIndex(forKey key: String, inObject object: Int) -> Int? {
        Self.valueIndex(forKey: key, inObject: object, nodes: nodes, bytes: bytes)
    }

    /// `valueIndex(forKey:inObject:)` on the document's `nodes` and `bytes`, passed as plain pointers: a
    /// keyed container reaches them through its decoder without retaining and releasing the document for
    /// every field it decodes (the pointers live as long as the document, which the decoder holds).
    ///
    /// In an object whose keys are all distinct the scan starts after the previous match and wraps
    /// around (keys are usually asked for in document order, so the first pair looked at is usually
    /// the one, and that pair is tried in line before any loop); an object that may repeat a key is
    /// scanned from its first pair.
    @inline(__always)
    static func valueIndex(
        forKey key: String, inObject object: Int, nodes: UnsafeMutablePointer<JSONNode>, bytes: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        let objectNode = nodes[object]
        let end = object + objectNode.length
        let hinted = object + (objectNode.lookupHint == 0 ? 1 : Int(objectNode.lookupHint))
        if objectNode.flags & JSONNode.mayRepeatKeys == 0 && hinted < end {
            let keyNode = nodes[hinted]
            if keyNode.flags & JSONNode.escaped == 0 && keyNode.length == key.utf8.count {
                let equal = keyNode.length == 0 || key.utf8.withContiguousStorageIfAvailable { keyBytes in
                    equalBytes(bytes + keyNode.offset, keyBytes.baseAddress!, count: keyNode.length)  // count > 0
                } == true
                if equal {
                    advanceHint(ofObject: object, pastKey: hinted, end: end, nodes: nodes)
                    return hinted + 1
                }
            }
        }
        return scanningValueIndex(forKey: key, inObject: object, nodes: nodes, bytes: bytes)
    }

    /// `valueIndex(forKey:inObject:)` when the hinted pair is not the key: a scan of the pairs.
    @inline(never)
    private static func scanningValueIndex(
        forKey key: String, inObject object: Int, nodes: UnsafeMutablePointer<JSONNode>, bytes: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        var key = key
        return key.withUTF8 { keyBytes -> Int? in
            let objectNode = nodes[object]
            let end = object + objectNode.length
            if objectNode.flags & JSONNode.mayRepeatKeys != 0 {
                return scanKeys(keyBytes, from: object + 1, to: end, nodes: nodes, bytes: bytes).map { $0 + 1 }
            }
            let hint = object + Int(objectNode.lookupHint)
            let start = hint > object ? hint : object + 1
            guard let keyIndex = scanKeys(keyBytes, from: start, to: end, nodes: nodes, bytes: bytes)
                ?? (start > object + 1 ? scanKeys(keyBytes, from: object + 1, to: start, nodes: nodes, bytes: bytes) : nil)
            else { return nil }
            advanceHint(ofObject: object, pastKey: keyIndex, end: end, nodes: nodes)
            return keyIndex + 1
        }
    }

    /// Makes the next lookup in the object at `object` (whose subtree ends before node `end`) start at the
    /// pair after the one whose key node is `keyIndex`.
    @inline(__always)
    private static func advanceHint(ofObject object: Int, pastKey keyIndex: Int, end: Int, nodes: UnsafeMutablePointer<JSONNode>) {
        let next = keyIndex + 1 + nodes[keyIndex + 1].span
        nodes[object].lookupHint = next < end ? UInt32(truncatingIfNeeded: next - object) : 0
    }

    /// The index of the first key node equal to `keyBytes` among the pairs from the key node at `start`
    /// up to node `end`, or `nil`.
    @inline(__always)
    private static func scanKeys(
        _ keyBytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        nodes: UnsafeMutablePointer<JSONNode>, bytes: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        var index = start
        while index < end {
            let keyNode = nodes[index]
            if keyNode.flags & JSONNode.escaped == 0 {
                if keyNode.length == keyBytes.count {
                    guard let keyStart = keyBytes.baseAddress, keyBytes.count > 0 else { return index }  // both empty
                    // The first byte rejects most same-length keys; the rest of a short key is
                    // compared in line (a `memcmp` call costs more than the few bytes of a key).
                    if bytes[keyNode.offset] == keyStart[0]
                        && equalBytes(bytes + keyNode.offset, keyStart, count: keyBytes.count) {
                        return index
                    }
                }
            } else if string(of: keyNode, in: bytes).utf8.elementsEqual(keyBytes) {
                return index
            }
            index += 1
            index += nodes[index].span
        }
        return nil
    }

    /// Whether the `count` bytes at `left` and `right` are equal: eight bytes a load for keys up to
    /// 16 bytes, `memcmp` for longer ones. Both pointers must have `count` readable bytes (a key node's
    /// text inside the document, and the key's own UTF-8), so every load below stays inside them.
    @inline(__always)
    private static func equalBytes(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int) -> Bool {
        if count > 16 { return memcmp(left, right, count) == 0 }
        if count >= 8 {
            // Two possibly overlapping words cover 8…16 bytes.
            let tail = count - 8
            return UnsafeRawPointer(left).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(right).loadUnaligned(as: UInt64.self)
                && UnsafeRawPointer(left + tail).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(right + tail).loadUnaligned(as: UInt64.self)
        }
        for offset in 0..<count where left[offset] != right[offset] { return false }
        return true
    }

    /// Visits the (key node, value index) pairs of the object at `object`, in document order.
    func forEachPair(inObject object: Int, _ body: (JSONNode, Int) throws -> Void) rethrows {
        var index = object + 1
        for _ in 0..<nodes[object].offset {
            try body(nodes[index], index + 1)
            index += 1
            index += nodes[index].span
        }
    }

    /// Converts a byte offset into a one-based line and column.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        JSONParseError.lineAndColumn(bytes: bytes, offset: offset)
    }
}
