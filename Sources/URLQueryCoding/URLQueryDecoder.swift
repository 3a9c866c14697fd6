import Foundation

/// Decodes a query string, `URLQueryItem`s or an `application/x-www-form-urlencoded` body into a
/// `Decodable` value — the inverse of ``URLQueryEncoder`` with the same strategies.
///
/// ```swift
/// let params = try URLQueryDecoder().decode(Params.self, from: "tags%5B0%5D=new&user%5Bname%5D=kim")
/// ```
///
/// Errors are `Swift.DecodingError`s with the coding path of the offending value; a malformed escape
/// (`%`, `%2`, `%ZZ`) is a `DecodingError.dataCorrupted` whose `underlyingError` is a
/// ``PercentEncodingError``. Booleans are read from `true`/`false` and `1`/`0`.
///
/// For a server, a test that checks what an encoder wrote, or a URL (a deep link, an OAuth callback) to read
/// into a typed value. Hostile input is bounded: names nested deeper than 128 levels and array indices above
/// ``maximumArrayIndex`` are refused rather than allocated. A decoder is a value: configure it once and share it.
public struct URLQueryDecoder: Sendable {
    /// How arrays are read (default `.indexed`, which also accepts `tags[]=a` and `tags=a&tags=b`, so the
    /// default reads whatever non-delimited form a client sent). Pick a delimited strategy to split `tags=a,b`.
    public var arrayDecodingStrategy: ArrayDecodingStrategy
    /// How nested object key paths are read (default `.brackets`); must match the form the sender used.
    public var objectDecodingStrategy: ObjectDecodingStrategy
    /// How declared keys map to query keys (default `.useDefaultKeys`); use the counterpart of the encoder's
    /// key strategy so a value round-trips.
    public var keyDecodingStrategy: KeyDecodingStrategy
    /// How dates are read (default ISO-8601, fraction optional, `Z` or an offset: what any client's ISO-8601
    /// writer produces).
    public var dateDecodingStrategy: DateDecodingStrategy
    /// How `Data` is read (default base64, the encoder's default).
    public var dataDecodingStrategy: DataDecodingStrategy
    /// What to do with non-finite numbers (default: reject with `DecodingError.dataCorrupted`, so `nan` in a
    /// query cannot slip into arithmetic).
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy
    /// Whether a `+` in a query string means a space, as browsers send GET forms (default `false`:
    /// RFC 3986 reads `+` as a plus). Form bodies always read `+` as a space. Turn it on for URLs a browser
    /// form produced.
    public var decodesPlusAsSpace: Bool
    /// The largest array index accepted (`tags[10000]`); a larger one is rejected rather than
    /// allocating a huge array. It also bounds the missing elements (gaps) of all arrays of one query
    /// together, so many sparse arrays cannot multiply it. Default 10,000. A rejected index throws
    /// `DecodingError.dataCorrupted`.
    public var maximumArrayIndex: Int
    /// Values handed to `init(from:)` implementations through `Decoder.userInfo`, for DTOs whose decoding
    /// depends on a setting of the call. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder; every strategy defaults to the behaviour documented on its property, the mirror of
    /// ``URLQueryEncoder``'s defaults.
    public init(
        arrayDecodingStrategy: ArrayDecodingStrategy = .indexed,
        objectDecodingStrategy: ObjectDecodingStrategy = .brackets,
        keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys,
        dateDecodingStrategy: DateDecodingStrategy = .iso8601WithFractionalSeconds,
        dataDecodingStrategy: DataDecodingStrategy = .base64,
        nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw,
        decodesPlusAsSpace: Bool = false,
        maximumArrayIndex: Int = 10_000,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.arrayDecodingStrategy = arrayDecodingStrategy
        self.objectDecodingStrategy = objectDecodingStrategy
        self.keyDecodingStrategy = keyDecodingStrategy
        self.dateDecodingStrategy = dateDecodingStrategy
        self.dataDecodingStrategy = dataDecodingStrategy
        self.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        self.decodesPlusAsSpace = decodesPlusAsSpace
        self.maximumArrayIndex = maximumArrayIndex
        self.userInfo = userInfo
    }

    /// Decodes a percent-encoded query string (a leading `?` is ignored).
    ///
    /// - Parameters:
    ///   - type: the type to decode; its coding keys name the query's fields.
    ///   - query: the query string as it arrived, still percent-encoded, so an escaped `&` or `=` inside a value
    ///     cannot split it.
    ///   - rootKey: read the value stored under this name (`rootKey=42`, `rootKey[0]=a`).
    /// - Throws: `DecodingError` with the coding path of the bad value.
    public func decode<T: Decodable>(_ type: T.Type, from query: String, rootKey: String? = nil) throws -> T {
        let pairs = try QueryStringParser.pairs(in: query, plusAsSpace: decodesPlusAsSpace)
        return try decode(type, pairs: pairs, rootKey: rootKey)
    }

    /// Decodes query items whose names and values are unescaped (as `URLComponents.queryItems` gives
    /// them). A missing value reads as an empty string. For `URLComponents` you already hold; names and values
    /// are not unescaped again.
    ///
    /// - Throws: `DecodingError` with the coding path of the bad value.
    public func decode<T: Decodable>(_ type: T.Type, from items: [URLQueryItem], rootKey: String? = nil) throws -> T {
        try decode(type, pairs: items.map { ($0.name, $0.value ?? "") }, rootKey: rootKey)
    }

    /// Decodes an `application/x-www-form-urlencoded` body (`+` is a space, as HTML forms write it).
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a body that is not UTF-8 or has a malformed escape, and
    ///   `DecodingError` with the coding path of a bad value.
    public func decode<T: Decodable>(_ type: T.Type, fromFormBody body: Data, rootKey: String? = nil) throws -> T {
        guard let text = String(data: body, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "The form body is not valid UTF-8.")
            )
        }
        let pairs = try QueryStringParser.pairs(in: text, plusAsSpace: true)
        return try decode(type, pairs: pairs, rootKey: rootKey)
    }

    private func decode<T: Decodable>(_ type: T.Type, pairs: [(String, String)], rootKey: String?) throws -> T {
        let context = QueryDecodingContext(options: self)
        let root = try QueryDecodingNode.tree(from: pairs, objects: objectDecodingStrategy)
        let decoder: QueryValueDecoder
        if let rootKey {
            let key = QueryCodingKey(stringValue: rootKey)
            decoder = QueryValueDecoder(
                context: context, node: root.children[rootKey], codingPath: [key], flattenedLevel: root,
                missing: .key(key)
            )
        } else {
            decoder = QueryValueDecoder(context: context, node: root, codingPath: [], flattenedLevel: root, missing: .root)
        }
        return try decoder.decodeValue(T.self)
    }
}
