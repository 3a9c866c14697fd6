/// A type that describes its stored fields to `URLQueryEncoder` directly, so `encodeQueryString` and
/// `encodeFormBody` write it without going through `Encoder` and its containers (several times faster,
/// the same bytes). httpidl generates this conformance for the query structs it emits.
///
/// The conformance must describe exactly what `encode(to:)` writes: `queryFieldNames` are the coding
/// keys' `stringValue`s, and `writeQueryField` writes field `index` (a position in `queryFieldNames`)
/// with one `writer.write(…)` call of the property's value (a `nil` optional writes nothing, as
/// `encodeIfPresent` does). The synthesized `Encodable` conformance of a struct of stored properties is
/// such an `encode(to:)`.
///
/// List the names sorted (by `String`'s `<`, the order the query is written in) and also write
/// `writeQueryFields`, one `writer.write(…)` per field in that order, and the encoder writes a value
/// with one call instead of one per field whenever the key strategy keeps that order (as httpidl's
/// conformances do):
///
/// ```swift
/// struct Search: URLQueryWritable {
///     let text: String
///     let page: Int?
///     static var queryFieldNames: [String] { ["page", "text"] }
///     func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
///         switch index {
///         case 0: try writer.write(page)
///         case 1: try writer.write(text)
///         default: break
///         }
///     }
///     func writeQueryFields(to writer: inout URLQueryWriter) throws {
///         try writer.write(page)
///         try writer.write(text)
///     }
/// }
/// ```
///
/// Every strategy gives the same output and the same errors as through `Encodable`: what the direct
/// path does not write itself (delimited arrays, `.flattened` objects, arrays of objects under
/// `.bracketed`, a `writeQueryFields` that writes fewer fields, any error) is encoded through
/// `encode(to:)` instead.
public protocol URLQueryWritable: Encodable {
    /// The names of the fields as `encode(to:)` writes them (before `keyEncodingStrategy`), in any
    /// order; sorted, they let the encoder call `writeQueryFields`. Read once per type and encoder
    /// configuration.
    static var queryFieldNames: [String] { get }

    /// Writes the value of field `index` (a position in `queryFieldNames`) with one `writer.write(_:)`.
    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws

    /// Writes every field in the order of `queryFieldNames`, one `writer.write(_:)` each (a `nil`
    /// optional too: it writes nothing). Called instead of `writeQueryField` when that order is the
    /// order the query is written in; by default, `writeQueryField` for each field.
    func writeQueryFields(to writer: inout URLQueryWriter) throws
}

extension URLQueryWritable {
    public func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.writeEachField(of: self)
    }
}
