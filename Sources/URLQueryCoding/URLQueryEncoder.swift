import Foundation

/// Encodes an `Encodable` value as URL query items, a percent-encoded query string, or an
/// `application/x-www-form-urlencoded` body — exactly and deterministically.
///
/// - Nested objects use bracket notation (`user[name]=kim`) and arrays are indexed
///   (`tags[0]=a&tags[1]=b`) unless you pick other strategies.
/// - Keys are sorted inside each level; array elements keep their order.
/// - `nil` values are skipped; empty objects and arrays write nothing. An explicit `encodeNil(forKey:)` (a
///   `Nullable` property set to `.null`) is an empty value, `key=`.
/// - A top-level scalar or array needs `rootKey:`.
///
/// Servers disagree on how arrays and nested objects look in a query, and one that expects another convention
/// usually ignores the parameters silently rather than failing; pick the strategies your server parses (which
/// framework parses which is in the *Query conventions* article of the Courier documentation). A value the chosen
/// convention cannot express throws ``EncodingError`` instead of being written in a form the server would misread.
/// An encoder is a value: configure it once and share it between tasks.
///
/// ```swift
/// struct Params: Encodable { let user: User; let tags: [String] }
/// struct User: Encodable { let name: String; let age: Int }
/// let query = try URLQueryEncoder().encodeQueryString(Params(user: User(name: "kim", age: 32), tags: ["new", "trial"]))
/// // "tags%5B0%5D=new&tags%5B1%5D=trial&user%5Bage%5D=32&user%5Bname%5D=kim"
/// ```
public struct URLQueryEncoder: Sendable {
    /// How arrays are written (default `.indexed`, PHP's form, the only one that can hold arrays of objects or
    /// of arrays, so nothing fails to encode by default). FastAPI, Django, Go and every OpenAPI-generated server
    /// want `.repeated` instead and silently ignore an indexed list.
    public var arrayEncodingStrategy: ArrayEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How nested object key paths are written (default `.brackets`, read by PHP, Rails, qs and OpenAPI's
    /// `deepObject`); Spring wants `.dots`, OpenAPI's `form` style `.flattened`.
    public var objectEncodingStrategy: ObjectEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// Array strategies of single keys of the top-level object (the key as written), each used instead of
    /// `arrayEncodingStrategy` for the value under that key: OpenAPI gives every query parameter its own style
    /// (`["expand": .bracketed]` with `.repeated` writes `ids=1&ids=2&expand[]=a`). Default empty. Deeper keys
    /// follow the strategy of their top-level key.
    public var arrayEncodingStrategiesByKey: [String: ArrayEncodingStrategy] = [:]
    /// Object strategies of single keys of the top-level object, as `arrayEncodingStrategiesByKey`: for an
    /// OpenAPI operation mixing `deepObject` and `form` parameters. Default empty.
    public var objectEncodingStrategiesByKey: [String: ObjectEncodingStrategy] = [:]
    /// How keys are transformed (default `.useDefaultKeys`: the `CodingKeys` as declared). `.convertToSnakeCase`
    /// saves writing `CodingKeys` for a snake_case API.
    public var keyEncodingStrategy: KeyEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How dates are written (default ISO-8601 with milliseconds, UTC: readable, sortable, parsed by most
    /// frameworks, and precise to the millisecond). Use `.iso8601` for a server that rejects fractions.
    public var dateEncodingStrategy: DateEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How booleans are written (default `true`/`false`, which most frameworks parse; `.numeric` for those that
    /// want `1`/`0`).
    public var boolEncodingStrategy: BoolEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How `Data` is written (default base64, as `JSONEncoder` writes it; `.base64URL` avoids the percent-escapes
    /// `+`, `/` and `=` need in a query).
    public var dataEncodingStrategy: DataEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// What to do with NaN and infinity (default: throw ``EncodingError/nonFiniteNumber(codingPath:)``, since no
    /// query convention has a standard spelling for them and a server would misread any guess).
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// Values handed to `encode(to:)` implementations through `Encoder.userInfo`, for DTOs whose encoding
    /// depends on a setting of the call. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        didSet { context = makeContext() }
    }

    /// The strategies in the form the nested encoders read, rebuilt whenever one changes so an
    /// `encode` call allocates nothing for them.
    private(set) var context: QueryEncodingContext

    /// Creates an encoder; every strategy defaults to the behaviour documented on its property (PHP's
    /// conventions, ISO-8601 dates, NaN refused).
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
        context = QueryEncodingContext(options: QueryEncodingOptions(
            arrays: arrayEncodingStrategy, objects: objectEncodingStrategy, keyEncodingStrategy: keyEncodingStrategy,
            dateEncodingStrategy: dateEncodingStrategy, boolEncodingStrategy: boolEncodingStrategy,
            dataEncodingStrategy: dataEncodingStrategy, nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
            userInfo: userInfo
        ))
    }

    /// The context for the current strategies (called by every property's `didSet`).
    private func makeContext() -> QueryEncodingContext {
        QueryEncodingContext(options: QueryEncodingOptions(
            arrays: arrayEncodingStrategy, objects: objectEncodingStrategy, keyEncodingStrategy: keyEncodingStrategy,
            dateEncodingStrategy: dateEncodingStrategy, boolEncodingStrategy: boolEncodingStrategy,
            dataEncodingStrategy: dataEncodingStrategy, nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
            userInfo: userInfo
        ))
    }

    /// Encodes `value` as query items in wire order, with names and values **unescaped** (as
    /// `URLQueryItem` holds them): for `URLComponents.queryItems`, which escapes them itself. Prefer
    /// ``encodeQueryString(_:rootKey:)`` when building a URL by hand: `URLComponents` leaves `+` unescaped, which
    /// many servers read as a space.
    ///
    /// - Parameters:
    ///   - value: the DTO to encode; its properties become the fields, keys sorted within each level so the
    ///     output is the same on every run.
    ///   - rootKey: the name of a top-level scalar or array (`rootKey=42`), or a prefix for an
    ///     object (`rootKey[name]=kim`).
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encode<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> [URLQueryItem] {
        var sink = QueryItemSink()
        try write(value, rootKey: rootKey, into: &sink)
        return sink.items
    }

    /// Encodes `value` as a percent-encoded query string without the leading `?`
    /// (`tags%5B0%5D=a&user%5Bname%5D=kim%20lee`). Space is `%20`, `+` is `%2B`: only RFC 3986 unreserved
    /// characters stay as they are, so no server can read a value differently from what was meant.
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeQueryString<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> String {
        try QueryWireSink.withSink(spaceAsPlus: false) { sink in
            try write(value, rootKey: rootKey, into: &sink)
            return sink.output.string
        }
    }

    /// Encodes `value` as an `application/x-www-form-urlencoded` body: like
    /// ``encodeQueryString(_:rootKey:)`` but a space is written as `+`, as HTML forms send it (and every server
    /// reads a form body).
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeFormBody<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> Data {
        try QueryWireSink.withSink(spaceAsPlus: true) { sink in
            try write(value, rootKey: rootKey, into: &sink)
            return Data(bytes: sink.output.base, count: sink.output.count)
        }
    }

    // MARK: - Internals

    /// Builds the tree of `value` and writes it into `sink` (the tree is freed when this returns).
    ///
    /// Kept apart from the tree building so the walk is generic over the sink only: every caller
    /// passes a concrete sink, so the walk is specialized for it (direct calls into the sink instead of
    /// witness-table calls per name piece and value).
    @inline(__always)
    private func write<T: Encodable, Sink: QueryOutputSink>(_ value: T, rootKey: String?, into sink: inout Sink) throws {
        let tree = QueryEncodingTree(context: context)
        let top = try makeTree(value, in: tree)
        try walk(top, of: tree, rootKey: rootKey, into: &sink)
    }

    /// The top value of `value`, encoded into the root node of `tree` (`nil` when it writes nothing).
    private func makeTree<T: Encodable>(_ value: T, in tree: QueryEncodingTree) throws -> QueryEncodedValue? {
        if let scalar = try context.encodedScalar(for: value, codingPath: { [] }) {
            return scalar
        }
        try QueryValueEncoder(tree: tree, node: 0).encodeContents(value)
        return tree.encodedValue(of: 0)
    }

    /// Writes `top` and the nodes of `tree` below it into `sink` in wire order.
    private func walk<Sink: QueryOutputSink>(
        _ top: QueryEncodedValue?, of tree: QueryEncodingTree, rootKey: String?, into sink: inout Sink
    ) throws {
        var walker = QueryTreeWalker(
            tree: tree, arrays: arrayEncodingStrategy, objects: objectEncodingStrategy,
            arraysByKey: arrayEncodingStrategiesByKey, objectsByKey: objectEncodingStrategiesByKey
        )
        do {
            try walker.walkTop(top, rootKey: rootKey, sink: &sink)
        } catch {
            throw error.encodingError
        }
    }
}
