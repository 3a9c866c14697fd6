/// What a `JSONKeyedContainer` stands on: its decoder, object and path position.
///
/// A class the container points to (its only stored field) rather than the container's own fields, so that
/// `KeyedContainerCache` can hand a finished container's box to the next object of the same key type by
/// pointing this state at the new object; the box and the container value inside it stay as they are.
final class JSONKeyedContainerState {
    /// The decoder whose document holds the object.
    let decoder: JSONTreeDecoder
    /// The decoder's document's nodes and bytes, copied here so that a key lookup reads them straight from
    /// the state: reached through `decoder.document`, the document is retained and released per field.
    /// They stay valid as long as this state: it holds the decoder, which holds the document that owns them.
    let nodes: UnsafeMutablePointer<JSONNode>
    let bytes: UnsafeMutablePointer<UInt8>
    // `@exclusivity(unchecked)`: written only by `KeyedContainerCache` when no container refers to this state
    // any more (its box is uniquely held by the cache), and read by the container afterwards, on the one thread
    // of the decode; no access overlaps another, so the run-time exclusivity check buys nothing.
    /// The index of the object node.
    @exclusivity(unchecked) var object: Int
    /// The decoder path depth at which the container was made.
    @exclusivity(unchecked) var depth: Int
    /// The suffix and key table when there is one (`nil` for most containers).
    @exclusivity(unchecked) var extras: JSONContainerExtras?

    init(decoder: JSONTreeDecoder, object: Int, depth: Int, extras: JSONContainerExtras?) {
        self.decoder = decoder
        nodes = decoder.document.nodes
        bytes = decoder.document.bytes
        self.object = object
        self.depth = depth
        self.extras = extras
    }
}
