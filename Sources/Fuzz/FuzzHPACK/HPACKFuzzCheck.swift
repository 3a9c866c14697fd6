import CourierSockets
import FuzzingSupport

/// `HPACKDecoder` on any sequence of header blocks: each block decodes or throws an `HPACKError`, never traps.
/// Every list decoded is encoded by one `HPACKEncoder` and decoded again by a second decoder, which must give
/// the same names and values (and keep `neverIndexed`); table size changes between blocks go to both. In
/// Huffman mode the bytes are one Huffman string instead: when it decodes, encoding the text gives the same
/// bytes (the code and its padding are canonical).
///
/// Input: one byte of options (table size, a small header list cap, table size changes, Huffman mode), then
/// blocks, each a length byte and that many bytes (255: the rest), each preceded by a table size byte when
/// table size changes are on.
enum HPACKFuzzCheck {
    static let tableSizes = [4096, 256, 0, 64]

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let options = input.byte()
        if options & 8 != 0 {
            checkHuffman(input.rest(), input: bytes)
            return
        }
        let tableSize = tableSizes[Int(options & 3)]
        var decoder = HPACKDecoder(maxTableSize: tableSize, maxHeaderListSize: options & 4 != 0 ? 1024 : 256 * 1024)
        var encoder = HPACKEncoder(maxTableSize: tableSize)
        var redecoder = HPACKDecoder(maxTableSize: tableSize, maxHeaderListSize: 4 << 20)
        while !input.isAtEnd {
            if options & 16 != 0 {
                let choice = Int(input.byte())
                if choice < tableSizes.count {
                    encoder.setMaxTableSize(tableSizes[choice])
                    redecoder.setMaxTableSize(tableSizes[choice])
                }
            }
            let length = Int(input.byte())
            let block = length == 255 ? input.rest() : input.take(length)
            let fields: [HPACKHeaderField]
            do {
                fields = try decoder.decode(block)
            } catch {
                return  // a typed error ends the connection, and the story
            }
            var encoded: [UInt8] = []
            encoder.encode(fields, into: &encoded)
            let again: [HPACKHeaderField]
            do {
                again = try redecoder.decode(encoded)
            } catch {
                FuzzDriver.fail("re-encoding \(fields) gave a block that does not decode: \(error)", input: bytes)
            }
            guard again.map(\.name) == fields.map(\.name), again.map(\.value) == fields.map(\.value),
                zip(fields, again).allSatisfy({ !$0.neverIndexed || $1.neverIndexed })
            else {
                FuzzDriver.fail("decoded \(fields), re-encoded and decoded \(again)", input: bytes)
            }
        }
    }

    /// A Huffman string decodes and re-encodes to itself, or is rejected.
    static func checkHuffman(_ string: [UInt8], input bytes: [UInt8]) {
        var decoded: [UInt8] = []
        do {
            try HPACKHuffman.decode(string[...], into: &decoded, limit: string.count * 8 / 5)
        } catch {
            return
        }
        var encoded: [UInt8] = []
        HPACKHuffman.encode(decoded, into: &encoded)
        guard encoded == string, HPACKHuffman.encodedCount(decoded) == string.count else {
            FuzzDriver.fail("\(string) decoded to \(decoded), which encodes to \(encoded)", input: bytes)
        }
    }
}
