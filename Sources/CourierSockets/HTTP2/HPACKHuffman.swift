/// HPACK's static Huffman code (RFC 7541 Appendix B): encoding, the encoded length, and a table-driven decoder
/// that reads four bits per step.
///
/// The code is canonical (codes of one length are consecutive, in symbol order, and each length continues
/// from the previous length's last code), so the code lengths alone define it; the codes and the decoder's
/// state table are derived from them once.
package enum HPACKHuffman {
    /// The code length in bits of each symbol 0...255 and of EOS (256), from RFC 7541 Appendix B.
    static let codeLengths: [UInt8] = [
        13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28,  // 0x00
        28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,  // 0x10
        6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,  // 0x20 ' ' ... '/'
        5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,  // 0x30 '0' ... '?'
        13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,  // 0x40 '@' ... 'O'
        7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,  // 0x50 'P' ... '_'
        15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,  // 0x60 '`' ... 'o'
        6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,  // 0x70 'p' ... DEL
        20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23,  // 0x80
        24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,  // 0x90
        22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23,  // 0xA0
        21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,  // 0xB0
        26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,  // 0xC0
        19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,  // 0xD0
        20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23,  // 0xE0
        26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,  // 0xF0
        30,  // EOS
    ]

    /// The code of each symbol, right-aligned, assigned canonically from `codeLengths`.
    static let codes: [UInt32] = {
        let order = (0..<codeLengths.count).sorted { (codeLengths[$0], $0) < (codeLengths[$1], $1) }
        var codes = [UInt32](repeating: 0, count: codeLengths.count)
        var next: UInt32 = 0
        var length = codeLengths[order[0]]
        for symbol in order {
            next <<= UInt32(codeLengths[symbol] - length)
            length = codeLengths[symbol]
            codes[symbol] = next
            next += 1
        }
        return codes
    }()

    /// The encoded length in bytes of `bytes` (padding included).
    package static func encodedCount(_ bytes: some Sequence<UInt8>) -> Int {
        var bits = 0
        for byte in bytes { bits += Int(codeLengths[Int(byte)]) }
        return (bits + 7) >> 3
    }

    /// Appends the encoding of `bytes`, padded with the high bits of EOS (all ones).
    package static func encode(_ bytes: some Sequence<UInt8>, into output: inout [UInt8]) {
        var pending: UInt64 = 0  // the low `count` bits are not yet written
        var count = 0
        for byte in bytes {
            let length = Int(codeLengths[Int(byte)])
            pending = pending << UInt64(length) | UInt64(codes[Int(byte)])
            count += length
            while count >= 8 {
                count -= 8
                output.append(UInt8(truncatingIfNeeded: pending >> UInt64(count)))
            }
        }
        if count > 0 {
            output.append(UInt8(truncatingIfNeeded: pending << UInt64(8 - count)) | UInt8(0xFF >> count))
        }
    }

    /// Decodes `input` onto `output`, at most `limit` bytes, and says whether the bytes decoded are all ASCII.
    ///
    /// - Throws: `.invalidHuffman` for EOS or bad padding, `.headerListTooLarge` past `limit`.
    @discardableResult
    package static func decode(_ input: ArraySlice<UInt8>, into output: inout [UInt8], limit: Int) throws(HPACKError) -> Bool {
        let table = transitions
        var state = 0
        var accepting = true
        var allBits: UInt32 = 0  // the symbols decoded, OR-ed: below 0x80 when all are ASCII
        for byte in input {
            for shift in stride(from: 4, through: 0, by: -4) {
                let step = table[state << 4 | Int((byte >> UInt8(shift)) & 0x0F)]
                if step & Step.failed != 0 { throw HPACKError(.invalidHuffman, "a Huffman string contains EOS") }
                if step & Step.emits != 0 {
                    guard output.count < limit else {
                        throw HPACKError(.headerListTooLarge, "a Huffman string decodes past the header list size cap")
                    }
                    output.append(UInt8(truncatingIfNeeded: step >> Step.symbolShift))
                    allBits |= step
                }
                state = Int(step & Step.stateMask)
                accepting = step & Step.accepting != 0
            }
        }
        guard accepting else {
            throw HPACKError(.invalidHuffman, "a Huffman string ends with padding longer than 7 bits or not all ones")
        }
        return allBits & (0x80 << Step.symbolShift) == 0
    }

    /// The layout of a decoder step: the next state (an internal node of the code tree) in the low byte.
    enum Step {
        static let stateMask: UInt32 = 0xFF
        static let symbolShift: UInt32 = 8
        /// The step completed a symbol (in bits 8...15).
        static let emits: UInt32 = 1 << 16
        /// The step reached EOS, which must never be decoded.
        static let failed: UInt32 = 1 << 17
        /// The string may end after this step: the bits since the last symbol are at most 7 ones.
        static let accepting: UInt32 = 1 << 18
    }

    /// The decoder's table: entry `state << 4 | nibble` is the `Step` from that tree node on those four bits.
    /// A canonical code of 257 symbols has 256 internal nodes, so a state fits in a byte, and as no code is
    /// shorter than 5 bits a nibble completes at most one symbol.
    static let transitions: [UInt32] = {
        let tree = CodeTree()
        var table = [UInt32](repeating: 0, count: tree.children.count * 16)
        for state in tree.children.indices {
            for nibble in 0..<16 {
                var node = state
                var step: UInt32 = 0
                for bit in (0..<4).reversed() {
                    let child = tree.children[node][(nibble >> bit) & 1]
                    if child >= 0 {
                        node = child
                    } else if child == CodeTree.missing || ~child == 256 {
                        step |= Step.failed
                        node = 0
                    } else {
                        step |= Step.emits | UInt32(~child) << Step.symbolShift
                        node = 0
                    }
                }
                if tree.accepting[node] { step |= Step.accepting }
                table[state << 4 | nibble] = step | UInt32(node)
            }
        }
        return table
    }()

    /// The code as a binary tree: internal nodes numbered from 0 (the root); a child is an internal node's
    /// number, or `~symbol` for a leaf.
    private struct CodeTree {
        static let missing = Int.min
        var children: [[Int]] = [[missing, missing]]
        /// Whether the path to a node is at most 7 bits, all ones (valid padding, RFC 7541 §5.2).
        var accepting: [Bool] = [true]

        init() {
            for symbol in codeLengths.indices {
                add(symbol, code: codes[symbol], length: Int(codeLengths[symbol]))
            }
        }

        private mutating func add(_ symbol: Int, code: UInt32, length: Int) {
            var node = 0
            for position in (1..<length).reversed() {
                let bit = Int(code >> UInt32(position)) & 1
                if children[node][bit] == Self.missing {
                    children.append([Self.missing, Self.missing])
                    let depth = length - position
                    accepting.append(accepting[node] && bit == 1 && depth <= 7)
                    children[node][bit] = children.count - 1
                }
                node = children[node][bit]
            }
            children[node][Int(code & 1)] = ~symbol
        }
    }
}
