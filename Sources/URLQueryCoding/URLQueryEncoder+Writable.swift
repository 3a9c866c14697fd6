import Foundation

/// The direct path for `URLQueryWritable` values: `URLQueryWriter` writes the fields with no `Encoder`
/// in between. Whatever it does not write exactly as the `Encodable` path would, it hands back, and
/// the value is encoded through `encode(to:)`: output and errors are the same either way.
extension URLQueryEncoder {
    /// `encodeQueryString(_:rootKey:)` for a value whose type is `URLQueryWritable` where that is known
    /// when compiling (no check at run time): the same string.
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeQueryString<T: URLQueryWritable>(_ value: T, rootKey: String? = nil) throws -> String {
        if let direct = URLQueryWriter.encodeString(value, rootKey: rootKey, context: context) { return direct }
        return try encodableQueryString(value, rootKey: rootKey)
    }

    /// `encodeFormBody(_:rootKey:)` for a value whose type is `URLQueryWritable` where that is known when
    /// compiling: the same body.
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeFormBody<T: URLQueryWritable>(_ value: T, rootKey: String? = nil) throws -> Data {
        var direct: Data?
        if URLQueryWriter.encode(value, rootKey: rootKey, context: context, spaceAsPlus: true, { direct = Data(buffer: $0) }),
           let direct = direct.take() {
            return direct
        }
        return try encodableFormBody(value, rootKey: rootKey)
    }

    /// The query string `value` encodes to through `encode(to:)` alone, never the direct path (for tests
    /// comparing the two).
    package func encodeQueryStringThroughEncodable<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> String {
        try encodableQueryString(value, rootKey: rootKey)
    }

    /// The form body `value` encodes to through `encode(to:)` alone.
    package func encodeFormBodyThroughEncodable<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> Data {
        try encodableFormBody(value, rootKey: rootKey)
    }

    /// The query string the direct path writes for `value`, or `nil` when it hands the value to the
    /// `Encodable` path (for tests: which values take which path).
    package func encodeQueryStringDirectly<T: URLQueryWritable>(_ value: T, rootKey: String? = nil, spaceAsPlus: Bool = false) -> String? {
        var text: String?
        _ = URLQueryWriter.encode(value, rootKey: rootKey, context: context, spaceAsPlus: spaceAsPlus) {
            text = String(decoding: $0, as: UTF8.self)
        }
        return text
    }

    /// Whether the direct path writes a value of `type` with one `writeQueryFields` call (its field names
    /// are in wire order under this configuration) rather than one `writeQueryField` call per field (for
    /// tests).
    package func writesFieldsInOneCall<T: URLQueryWritable>(_ type: T.Type) -> Bool {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
              let plans = context.writePlans as? QueryWritePlanCache else { return false }
        return plans.layout(for: type, context: context).writesInOrder
    }

    /// The query string of `value` from the direct path when `T` turns out to be `URLQueryWritable` (one
    /// conformance check); `nil` when it is not, or when the direct path hands the value to `Encodable`.
    func queryStringDirectly<T: Encodable>(_ value: T, rootKey: String?) -> String? {
        guard let writable = T.self as? any URLQueryWritable.Type else { return nil }
        return queryStringDirectly(as: writable, value, rootKey: rootKey)
    }

    private func queryStringDirectly<W: URLQueryWritable, T>(as _: W.Type, _ value: T, rootKey: String?) -> String? {
        // `W` is `T` itself (it was found as `T.self`), so the cast always succeeds.
        guard let writable = value as? W else { return nil }
        return URLQueryWriter.encodeString(writable, rootKey: rootKey, context: context)
    }

    /// Runs the direct path when `T` turns out to be `URLQueryWritable` (one conformance check) and
    /// hands `result` the bytes; `false` when it did not write the value.
    func writeDirectly<T: Encodable>(
        _ value: T, rootKey: String?, spaceAsPlus: Bool, _ result: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        guard let writable = T.self as? any URLQueryWritable.Type else { return false }
        return writeDirectly(as: writable, value, rootKey: rootKey, spaceAsPlus: spaceAsPlus, result)
    }

    private func writeDirectly<W: URLQueryWritable, T>(
        as _: W.Type, _ value: T, rootKey: String?, spaceAsPlus: Bool, _ result: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        // `W` is `T` itself (it was found as `T.self`), so the cast always succeeds.
        guard let writable = value as? W else { return false }
        return URLQueryWriter.encode(writable, rootKey: rootKey, context: context, spaceAsPlus: spaceAsPlus, result)
    }
}
