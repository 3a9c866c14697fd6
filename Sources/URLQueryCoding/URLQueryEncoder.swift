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
/// ```swift
/// struct Params: Encodable { let user: User; let tags: [String] }
/// struct User: Encodable { let name: String; let age: Int }
/// let query = try URLQueryEncoder().encodeQueryString(Params(user: User(name: "kim", age: 32), tags: ["new", "trial"]))
/// // "tags%5B0%5D=new&tags%5B1%5D=trial&user%5Bage%5D=32&user%5Bname%5D=kim"
/// ```
public struct URLQueryEncoder: Sendable {
    /// How arrays are written (default `.indexed`).
    public var arrayEncodingStrategy: ArrayEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How nested object key paths are written (default `.brackets`).
    public var objectEncodingStrategy: ObjectEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// Array strategies of single keys of the top-level object (the key as written), each used instead of
    /// `arrayEncodingStrategy` for the value under that key: OpenAPI gives every query parameter its own style
    /// (`["expand": .bracketed]` with `.repeated` writes `ids=1&ids=2&expand[]=a`). Default empty.
    public var arrayEncodingStrategiesByKey: [String: ArrayEncodingStrategy] = [:]
    /// Object strategies of single keys of the top-level object, as `arrayEncodingStrategiesByKey`.
    public var objectEncodingStrategiesByKey: [String: ObjectEncodingStrategy] = [:]
    /// How keys are transformed (default `.useDefaultKeys`).
    public var keyEncodingStrategy: KeyEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How dates are written (default ISO-8601 with fractional seconds, UTC).
    public var dateEncodingStrategy: DateEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How booleans are written (default `true`/`false`).
    public var boolEncodingStrategy: BoolEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// How `Data` is written (default base64).
    public var dataEncodingStrategy: DataEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// What to do with NaN and infinity (default: throw).
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        didSet { context = makeContext() }
    }
    /// Values handed to `encode(to:)` implementations through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        didSet { context = makeContext() }
    }

    /// The strategies in the form the nested encoders read, rebuilt whenever one changes so an
    /// `encode` call allocates nothing for them.
    private(set) var context: QueryEncodingContext

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
    /// `URLQueryItem` holds them).
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
    /// (`tags%5B0%5D=a&user%5Bname%5D=kim%20lee`). Space is `%20`, `+` is `%2B`.
    ///
    /// - Throws: ``EncodingError``, or what your custom closures and `encode(to:)` throw.
    public func encodeQueryString<T: Encodable>(_ value: T, rootKey: String? = nil) throws -> String {
        try QueryWireSink.withSink(spaceAsPlus: false) { sink in
            try write(value, rootKey: rootKey, into: &sink)
            return sink.output.string
        }
    }

    /// Encodes `value` as an `application/x-www-form-urlencoded` body: like
    /// ``encodeQueryString(_:rootKey:)`` but a space is written as `+`.
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
