import Foundation

/// Encodes an `Encodable` value as URL query items, a percent-encoded query string, or an
/// `application/x-www-form-urlencoded` body — exactly and deterministically.
///
/// - Nested objects use bracket notation (`user[name]=kim`) and arrays are indexed
///   (`tags[0]=a&tags[1]=b`) unless you pick other strategies.
/// - Keys are sorted inside each level; array elements keep their order.
/// - `nil` values are skipped; empty objects and arrays write nothing.
/// - A top-level scalar or array needs `rootKey:`.
///
/// ```swift
/// struct Params: Encodable { let user: User; let tags: [String] }
/// struct User: Encodable { let name: String; let age: Int }
/// let query = try URLQueryEncoder().encodeQueryString(Params(user: User(name: "kim", age: 32), tags: ["new", "trial"]))
/// // "tags%5B0%5D=new&tags%5B1%5D=trial&user%5Bage%5D=32&user%5Bname%5D=kim"
/// ```
public struct URLQueryEncoder: Sendable {
    /// How arrays are written (default `.indexed`).
    public var arrayEncodingStrategy: ArrayEncodingStrategy
    /// How nested object key paths are written (default `.brackets`).
    public var objectEncodingStrategy: ObjectEncodingStrategy
    /// How keys are transformed (default `.useDefaultKeys`).
    public var keyEncodingStrategy: KeyEncodingStrategy
    /// How dates are written (default ISO-8601 with fractional seconds, UTC).
    public var dateEncodingStrategy: DateEncodingStrategy
    /// How booleans are written (default `true`/`false`).
    public var boolEncodingStrategy: BoolEncodingStrategy
    /// How `Data` is written (default base64).
    public var dataEncodingStrategy: DataEncodingStrategy
    /// What to do with NaN and infinity (default: throw).
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy
    /// Values handed to `encode(to:)` implementations through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder; every strategy defaults to the documented behaviour.
    public init(
        arrayEncodingStrategy: ArrayEncodingStrategy = .indexed,
        objectEncodingStrategy: ObjectEncodingStrategy = .brackets,
        keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys,
        dateEncodingStrategy: DateEncodingStrategy = .iso8601WithFractionalSeconds,
        boolEncodingStrategy: BoolEncodingStrategy = .literal,
        dataEncodingStrategy: DataEncodingStrategy = .base64,
        nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.arrayEncodingStrategy = arrayEncodingStrategy
        self.objectEncodingStrategy = objectEncodingStrategy
        self.keyEncodingStrategy = keyEncodingStrategy
        self.dateEncodingStrategy = dateEncodingStrategy
        self.boolEncodingStrategy = boolEncodingStrategy
        self.dataEncodingStrategy = dataEncodingStrategy
        self.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        self.userInfo = userInfo
    }

    /// Encodes `value` as query items in wire order, with names and values **unescaped** (as
    /// `URLQueryItem` holds them).
    ///
    /// - Parameter rootKey: the name of a top-level scalar or array (`rootKey=42`), or a prefix for an
    ///   object (`rootKey[name]=kim`).
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encode<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> [URLQueryItem] {
        let tree = try encodeTree(value)
        var sink = QueryItemSink()
        try serialize(tree, rootKey: rootKey, into: &sink)
        return sink.items
    }

    /// Encodes `value` as a percent-encoded query string without the leading `?`
    /// (`tags%5B0%5D=a&user%5Bname%5D=kim%20lee`). Space is `%20`, `+` is `%2B`.
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeQueryString<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> String {
        let tree = try encodeTree(value)
        var sink = QueryWireSink(spaceAsPlus: false)
        try serialize(tree, rootKey: rootKey, into: &sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Encodes `value` as an `application/x-www-form-urlencoded` body: like
    /// ``encodeQueryString(_:rootKey:)`` but a space is written as `+`.
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeFormBody<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> Data {
        let tree = try encodeTree(value)
        var sink = QueryWireSink(spaceAsPlus: true)
        try serialize(tree, rootKey: rootKey, into: &sink)
        return Data(sink.bytes)
    }

    // MARK: - Internals

    private func encodeTree<T: Encodable>(_ value: T) throws -> QueryEncodedValue? {
        let encoder = QueryValueEncoder(context: QueryEncodingContext(options: self))
        if let scalar = try encoder.context.scalar(for: value, codingPath: { [] }) {
            return .scalar(scalar)
        }
        try value.encode(to: encoder)
        if case .array? = encoder.value, T.self is any QueryDictionaryMarker.Type {
            throw EncodingError.nonStringDictionaryKey(codingPath: [])
        }
        return encoder.value
    }

    private func serialize<Sink: QueryOutputSink>(
        _ tree: QueryEncodedValue?, rootKey: String?, into sink: inout Sink
    ) throws(EncodingError) {
        var walker = QueryTreeWalker(
            arrays: arrayEncodingStrategy, objects: objectEncodingStrategy, delimiter: arrayEncodingStrategy.delimiter
        )
        do {
            try walker.walkTop(tree, rootKey: rootKey, sink: &sink)
        } catch {
            throw error.encodingError
        }
    }
}
