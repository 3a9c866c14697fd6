/// One header field as HPACK carries it: a name, a value, and whether it must never be indexed.
///
/// Names and values are the field's octets as text: UTF-8 when valid, else ISO-8859-1, as over HTTP/1.1.
/// HTTP/2 names are lowercase; `HTTP2HeaderRules` checks that, not the codec.
package struct HPACKHeaderField: Hashable, Sendable, CustomStringConvertible {
    /// The field name, e.g. `":status"` or `"content-type"`.
    package var name: String
    /// The field value.
    package var value: String
    /// Whether the field is sensitive (RFC 7541 §7.1.3): the encoder sends it as a never-indexed literal, so no
    /// intermediary puts it in a table either. The decoder sets it for fields that arrived that way.
    package var neverIndexed: Bool

    /// Creates a field.
    package init(name: String, value: String, neverIndexed: Bool = false) {
        self.name = name
        self.value = value
        self.neverIndexed = neverIndexed
    }

    /// `name: value`.
    package var description: String { "\(name): \(value)" }
}
