import Foundation

/// The `Decoder` behind `FlexibleJSONDecoder`: walks a parsed `JSONDocument`.
///
/// One instance serves a whole decode: nested values are decoded by moving `node` and pushing onto
/// `path`, then restoring both, so no decoder object is allocated per value. Containers remember the
/// path depth at which they were made and rebuild their `codingPath` from it only when asked.
final class JSONTreeDecoder: Decoder {
    let document: JSONDocument
    let configuration: FlexibleJSONDecoder
    let flexibleNumbers: Bool
    let flexibleBools: Bool
    let userInfo: [CodingUserInfoKey: Any]
    // `@exclusivity(unchecked)`: these are only ever read or written by one decode on one thread, and no
    // access overlaps another (nothing is passed `inout` across a call that could reach them again), so the
    // run-time exclusivity check each access would otherwise make (a thread-local access-set insert) buys nothing.
    /// The path from the root to `node`.
    @exclusivity(unchecked) var path: [CodingPathComponent]
    /// The node this decoder currently stands on.
    @exclusivity(unchecked) var node: Int
    /// The last two types seen to need their own `init(from:)` (neither converted directly nor special),
    /// so `decodeValue` skips those checks for the records of an array or the structs nested in each.
    @exclusivity(unchecked) private var plainTypes: (ObjectIdentifier?, ObjectIdentifier?) = (nil, nil)

    /// A decoder standing on `node`.
    init(document: JSONDocument, configuration: FlexibleJSONDecoder, path: [CodingPathComponent], node: Int) {
        self.document = document
        self.configuration = configuration
        self.flexibleNumbers = configuration.numberDecodingStrategy == .flexible
        self.flexibleBools = configuration.boolDecodingStrategy == .flexible
        self.userInfo = configuration.userInfo.isEmpty ? [:] : configuration.userInfo.mapValues { $0 as Any }
        self.path = path
        self.node = node
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    /// The coding path of a container made at `depth` with `suffix`, optionally plus one more component.
    func codingPath(depth: Int, suffix: [CodingPathComponent], adding component: CodingPathComponent? = nil) -> [any CodingKey] {
        var result = path.prefix(depth).map(\.codingKey)
        result.append(contentsOf: suffix.map(\.codingKey))
        if let component { result.append(component.codingKey) }
        return result
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(Key.self, at: node, depth: path.count, suffix: [])
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: node, depth: path.count, suffix: [])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoder: self, node: node, depth: path.count)
    }

    /// A keyed container on the object at `index`; the path is `path[..<depth] + suffix`.
    func keyedContainer<Key: CodingKey>(
        _: Key.Type, at index: Int, depth: Int, suffix: [CodingPathComponent]
    ) throws -> KeyedDecodingContainer<Key> {
        let value = document.nodes[index]
        guard value.kind == .object else {
            throw containerError([String: Any].self, found: value, codingPath: codingPath(depth: depth, suffix: suffix))
        }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(
            state: JSONKeyedContainerState(decoder: self, object: index, depth: depth, suffix: suffix)))
    }

    /// An unkeyed container on the array at `index`; the path is `path[..<depth] + suffix`.
    func unkeyedContainer(at index: Int, depth: Int, suffix: [CodingPathComponent]) throws -> any UnkeyedDecodingContainer {
        let value = document.nodes[index]
        guard value.kind == .array else {
            throw containerError([Any].self, found: value, codingPath: codingPath(depth: depth, suffix: suffix))
        }
        return JSONUnkeyedContainer(decoder: self, array: index, depth: depth, suffix: suffix)
    }

    private func containerError(_ type: Any.Type, found value: JSONNode, codingPath: [any CodingKey]) -> DecodingError {
        if value.kind == .null {
            return .valueNotFound(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Cannot get a container for \(type) -- found null value instead."))
        }
        return .typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(value.kindDescription) instead."))
    }

    /// A separate decoder standing on `index` (for `superDecoder`), owning a copy of its path.
    func subDecoder(at index: Int, depth: Int, suffix: [CodingPathComponent], component: CodingPathComponent) -> JSONTreeDecoder {
        let fullPath = Array(path.prefix(depth)) + suffix + [component]
        return JSONTreeDecoder(document: document, configuration: configuration, path: fullPath, node: index)
    }

    /// Decodes `T` from the node at `index`, reached from a container made at `depth` with `suffix` by
    /// `component`. Scalars and Foundation types are converted directly; other types run `init(from:)`
    /// on this decoder after moving it to the node.
    func decodeValue<T: Decodable>(
        _: T.Type, at index: Int, depth: Int, suffix: [CodingPathComponent], component: () -> CodingPathComponent?
    ) throws -> T {
        let type = ObjectIdentifier(T.self)
        if type != plainTypes.0 && type != plainTypes.1 {
            do throws(KnownTypeMiss) {
                return try decodeKnownType(T.self, at: index, depth: depth, suffix: suffix, component: component)
            } catch {
                if case .failed(let failure) = error { throw failure }
            }
            do throws(KnownTypeMiss) {
                return try decodeSpecialCase(T.self, at: index, depth: depth, suffix: suffix, component: component)
            } catch {
                if case .failed(let failure) = error { throw failure }
            }
            rememberIfPlain(T.self)
        }
        return try pushing(index, depth: depth, suffix: suffix, component: component) { decoder in
            if T.self == Date.self, case .custom(let decode) = configuration.dateDecodingStrategy {
                return unsafeBitCast(try decode(decoder), to: T.self)  // T is Date
            }
            if T.self == Data.self, case .custom(let decode) = configuration.dataDecodingStrategy {
                return unsafeBitCast(try decode(decoder), to: T.self)  // T is Data
            }
            return try T(from: decoder)
        }
    }

    /// A `JSONTreeRepresentable` type, or a string-keyed dictionary under a key strategy that rewrites
    /// keys; throws `.notKnown` for any other type.
    ///
    /// Kept out of `decodeValue` (never inlined there). The conforming metatype is opened into a generic
    /// function instead of casting the result back with `as? T`, which would look up `Optional<T>`'s
    /// metadata on every call.
    @inline(never)
    private func decodeSpecialCase<T>(
        _: T.Type, at index: Int, depth: Int, suffix: [CodingPathComponent], component: () -> CodingPathComponent?
    ) throws(KnownTypeMiss) -> T {
        do {
            if let representable = T.self as? any JSONTreeRepresentable.Type {
                var nodePath = Array(path.prefix(depth)) + suffix + (component().map { [$0] } ?? [])
                return try buildTree(representable, as: T.self, at: index, path: &nodePath)
            }
            // The node first: the conformance check is a run-time lookup, wasted on the (usual) objects.
            if document.nodes[index].kind == .array, let array = T.self as? any JSONDecodableArray.Type {
                return try pushing(index, depth: depth, suffix: suffix, component: component) { decoder in
                    try decodeElements(array, as: T.self, from: decoder, array: index)
                }
            }
            if case .useDefaultKeys = configuration.keyDecodingStrategy {
                // Keys need no conversion: `Dictionary.init(from:)` through the keyed container is the same.
            } else if let dictionary = T.self as? any JSONStringKeyedDictionary.Type, document.nodes[index].kind == .object {
                return try decodeMembers(
                    dictionary, as: T.self, object: index, depth: depth, suffix: suffix + (component().map { [$0] } ?? []))
            }
        } catch {
            throw .failed(error)
        }
        throw .notKnown
    }

    /// `buildTree` for `V`, which the caller proved to be `T` (`T.self as? V.Type` succeeded), returned as `T`.
    private func buildTree<V: JSONTreeRepresentable, T>(
        _: V.Type, as _: T.Type, at index: Int, path: inout [CodingPathComponent]
    ) throws -> T {
        unsafeBitCast(try buildTree(V.self, at: index, path: &path), to: T.self)  // V is T
    }

    /// `V.decodeElements` for `V`, which the caller proved to be `T`, returned as `T`; `decoder` stands on
    /// the array (its path ends in the array's component).
    private func decodeElements<V: JSONDecodableArray, T>(
        _: V.Type, as _: T.Type, from decoder: JSONTreeDecoder, array: Int
    ) throws -> T {
        unsafeBitCast(try V.decodeElements(from: decoder, array: array, depth: decoder.path.count), to: T.self)  // V is T
    }

    /// `V.decodeMembers` for `V`, which the caller proved to be `T`, returned as `T`.
    private func decodeMembers<V: JSONStringKeyedDictionary, T>(
        _: V.Type, as _: T.Type, object: Int, depth: Int, suffix: [CodingPathComponent]
    ) throws -> T {
        unsafeBitCast(try V.decodeMembers(from: self, object: object, depth: depth, suffix: suffix), to: T.self)  // V is T
    }

    /// Records `T` (which `decodeKnownType` and `decodeSpecialCase` just declined) as plain, unless that
    /// answer depended on the node: a string-keyed dictionary under a key strategy is special for objects only.
    @inline(never)
    private func rememberIfPlain<T>(_: T.Type) {
        if case .useDefaultKeys = configuration.keyDecodingStrategy {
        } else if T.self is any JSONStringKeyedDictionary.Type {
            return
        }
        plainTypes = (ObjectIdentifier(T.self), plainTypes.0)
    }

    /// Runs `body` with a decoder standing on `index` whose path ends in `suffix + component`.
    private func pushing<R>(
        _ index: Int, depth: Int, suffix: [CodingPathComponent], component: () -> CodingPathComponent?,
        _ body: (JSONTreeDecoder) throws -> R
    ) throws -> R {
        guard path.count == depth else {
            // A container used after its decoder moved on (unusual): give it its own decoder.
            let fullPath = Array(path.prefix(depth)) + suffix + (component().map { [$0] } ?? [])
            return try body(JSONTreeDecoder(document: document, configuration: configuration, path: fullPath, node: index))
        }
        let savedNode = node
        if !suffix.isEmpty { path.append(contentsOf: suffix) }
        if let component = component() { path.append(component) }
        node = index
        defer {
            // One component in the usual case; `removeLast(_:)` costs several times more than this loop.
            while path.count > depth { path.removeLast() }
            node = savedNode
        }
        return try body(self)
    }

    /// Converts the node directly when `T` is a scalar or a Foundation type this decoder handles itself;
    /// throws `.notKnown` when `T` needs its own `init(from:)`.
    ///
    /// It returns `T`, not `T?`: an optional of a runtime type costs a metadata lookup per call.
    /// `unsafeBitCast` is only applied after `T.self ==` proved the two types identical.
    private func decodeKnownType<T>(
        _: T.Type, at index: Int, depth: Int, suffix: [CodingPathComponent], component: () -> CodingPathComponent?
    ) throws(KnownTypeMiss) -> T {
        func convert<V>(_ type: V.Type, _ unwrap: (Int) throws(ScalarFailure) -> V) throws(KnownTypeMiss) -> T {
            do {
                return unsafeBitCast(try unwrap(index), to: T.self)
            } catch {
                throw .failed(error.decodingError(V.self, codingPath: codingPath(depth: depth, suffix: suffix, adding: component())))
            }
        }
        func array<Element>(_ read: () throws -> [Element]) throws(KnownTypeMiss) -> T {
            do { return unsafeBitCast(try read(), to: T.self) } catch { throw .failed(error) }
        }
        if T.self == String.self { return try convert(String.self) { i throws(ScalarFailure) in try unwrapString(at: i) } }
        if T.self == Int.self { return try convert(Int.self) { i throws(ScalarFailure) in try unwrapInteger(Int.self, at: i) } }
        if T.self == Bool.self { return try convert(Bool.self) { i throws(ScalarFailure) in try unwrapBool(at: i) } }
        if T.self == Double.self { return try convert(Double.self) { i throws(ScalarFailure) in try unwrapDouble(at: i) } }
        if T.self == Int64.self { return try convert(Int64.self) { i throws(ScalarFailure) in try unwrapInteger(Int64.self, at: i) } }
        if T.self == UInt64.self { return try convert(UInt64.self) { i throws(ScalarFailure) in try unwrapInteger(UInt64.self, at: i) } }
        if T.self == Int32.self { return try convert(Int32.self) { i throws(ScalarFailure) in try unwrapInteger(Int32.self, at: i) } }
        if T.self == UInt.self { return try convert(UInt.self) { i throws(ScalarFailure) in try unwrapInteger(UInt.self, at: i) } }
        if T.self == Float.self { return try convert(Float.self) { i throws(ScalarFailure) in try unwrapFloat(at: i) } }
        if T.self == UInt8.self { return try convert(UInt8.self) { i throws(ScalarFailure) in try unwrapInteger(UInt8.self, at: i) } }
        if T.self == Int8.self { return try convert(Int8.self) { i throws(ScalarFailure) in try unwrapInteger(Int8.self, at: i) } }
        if T.self == Int16.self { return try convert(Int16.self) { i throws(ScalarFailure) in try unwrapInteger(Int16.self, at: i) } }
        if T.self == UInt16.self { return try convert(UInt16.self) { i throws(ScalarFailure) in try unwrapInteger(UInt16.self, at: i) } }
        if T.self == UInt32.self { return try convert(UInt32.self) { i throws(ScalarFailure) in try unwrapInteger(UInt32.self, at: i) } }
        // Arrays of common scalars skip the unkeyed-container machinery (same results and error paths).
        let type = ObjectIdentifier(T.self)
        if type == ScalarArrayTypes.string { return try array { try scalarArray(String.self, at: index, depth: depth, suffix: suffix, component: component) { i throws(ScalarFailure) in try unwrapString(at: i) } } }
        if type == ScalarArrayTypes.int { return try array { try scalarArray(Int.self, at: index, depth: depth, suffix: suffix, component: component) { i throws(ScalarFailure) in try unwrapInteger(Int.self, at: i) } } }
        if type == ScalarArrayTypes.int64 { return try array { try scalarArray(Int64.self, at: index, depth: depth, suffix: suffix, component: component) { i throws(ScalarFailure) in try unwrapInteger(Int64.self, at: i) } } }
        if type == ScalarArrayTypes.double { return try array { try scalarArray(Double.self, at: index, depth: depth, suffix: suffix, component: component) { i throws(ScalarFailure) in try unwrapDouble(at: i) } } }
        if type == ScalarArrayTypes.bool { return try array { try scalarArray(Bool.self, at: index, depth: depth, suffix: suffix, component: component) { i throws(ScalarFailure) in try unwrapBool(at: i) } } }
        if T.self == URL.self { return try convert(URL.self) { i throws(ScalarFailure) in try unwrapURL(at: i) } }
        if T.self == Decimal.self { return try convert(Decimal.self) { i throws(ScalarFailure) in try unwrapDecimal(at: i) } }
        if T.self == Date.self {
            switch configuration.dateDecodingStrategy {
            case .deferredToDate, .custom: throw .notKnown
            default: return try convert(Date.self) { i throws(ScalarFailure) in try unwrapDate(at: i) }
            }
        }
        if T.self == Data.self, case .base64 = configuration.dataDecodingStrategy {
            return try convert(Data.self) { i throws(ScalarFailure) in try unwrapBase64(at: i) }
        }
        throw .notKnown
    }

    /// An array of a common scalar, read without the unkeyed-container machinery (same results and
    /// error paths). Inlined into each caller so `Element` is concrete there: a generic array built
    /// with a runtime element type costs a metadata lookup per array.
    @inline(__always)
    private func scalarArray<Element>(
        _: Element.Type, at index: Int, depth: Int, suffix: [CodingPathComponent], component: () -> CodingPathComponent?,
        _ unwrap: (Int) throws(ScalarFailure) -> Element
    ) throws -> [Element] {
        let array = document.nodes[index]
        guard array.kind == .array else {
            throw containerError([Any].self, found: array, codingPath: codingPath(depth: depth, suffix: suffix, adding: component()))
        }
        var elements: [Element] = []
        elements.reserveCapacity(array.offset)
        var cursor = index + 1
        for position in 0..<array.offset {
            do {
                elements.append(try unwrap(cursor))
            } catch {
                var elementPath = codingPath(depth: depth, suffix: suffix, adding: component())
                elementPath.append(JSONCodingKey(index: position))
                throw error.decodingError(Element.self, codingPath: elementPath)
            }
            cursor += document.nodes[cursor].span
        }
        return elements
    }
}
