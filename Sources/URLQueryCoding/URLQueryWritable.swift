/// A type that describes its stored fields to `URLQueryEncoder` directly, so `encodeQueryString` and
/// `encodeFormBody` write it without going through `Encoder` and its containers (several times faster,
/// the same bytes). httpidl generates this conformance for the query structs it emits.
///
/// The conformance must describe exactly what `encode(to:)` writes: `queryFieldNames` are the coding
/// keys' `stringValue`s in declaration order, and `writeQueryField` writes field `index` with one
/// `writer.write(…)` call of the property's value (a `nil` optional writes nothing, as
/// `encodeIfPresent` does). The synthesized `Encodable` conformance of a struct of stored properties is
/// such an `encode(to:)`.
///
/// ```swift
/// struct Search: URLQueryWritable {
///     let text: String
///     let page: Int?
///     static var queryFieldNames: [String] { ["text", "page"] }
///     func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
///         switch index {
///         case 0: try writer.write(text)
///         case 1: try writer.write(page)
///         default: break
///         }
///     }
/// }
/// ```
///
/// Every strategy gives the same output and the same errors as through `Encodable`: what the direct
/// path does not write itself (delimited arrays, `.flattened` objects, arrays of objects under
/// `.bracketed`, any error) is encoded through `encode(to:)` instead.
public protocol URLQueryWritable: Encodable {
    /// The names of the fields as `encode(to:)` writes them (before `keyEncodingStrategy`), in
    /// declaration order. Read once per type and encoder configuration.
    static var queryFieldNames: [String] { get }

    /// Writes the value of field `index` (a position in `queryFieldNames`) with one `writer.write(_:)`.
    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws
}
