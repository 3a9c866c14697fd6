/// Why a header block could not be decoded (RFC 7541).
///
/// Every HPACK error is fatal to the connection: the decoder's dynamic table may no longer match the peer's,
/// so the connection answers with a GOAWAY carrying COMPRESSION_ERROR (RFC 9113 §4.3) and is closed.
package struct HPACKError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which rule the block broke.
    package enum Kind: Hashable, Sendable {
        /// The block ends inside an integer, a string or a representation.
        case truncated
        /// An integer exceeds what any field, index or size here can need (RFC 7541 §5.1, §8.1).
        case integerOverflow
        /// An index is 0 or past the end of the static and dynamic tables (RFC 7541 §2.3.3).
        case invalidIndex
        /// A Huffman string holds EOS, or its padding is longer than 7 bits or not all ones (RFC 7541 §5.2).
        case invalidHuffman
        /// A dynamic table size update comes after a field, exceeds the advertised maximum, or is missing when
        /// the advertised maximum was lowered (RFC 7541 §4.2, §6.3).
        case invalidTableSizeUpdate
        /// The decoded list exceeds the header list size cap (RFC 9113 §6.5.2: name + value + 32 per field).
        case headerListTooLarge
    }

    /// Which rule the block broke, and a readable message naming the fault, e.g. `"index 70 is not in the
    /// tables (66 entries)"`.
    package let kind: Kind, message: String

    /// `HPACK kind: message`.
    package var description: String { "HPACK \(kind): \(message)" }

    init(_ kind: Kind, _ message: String) { (self.kind, self.message) = (kind, message) }
}
