import Foundation

/// The single-pass encoder behind `encodeQueryString` and `encodeFormBody`: it writes the wire bytes
/// into one buffer while `encode(to:)` runs, with no tree of values in between.
///
/// Every pair is written as `&name=value` (the first `&` is dropped at the end). Names are built from
/// a buffer holding the current key path, already escaped; values are escaped through a
/// `QueryEscapeTable`, integers written digit by digit. Objects and arrays are levels on a stack: a
/// write into a level closes the deeper ones, and an object that closes puts its entries in key order
/// by moving their bytes (usually already in order, or a few short runs).
///
/// Objects of one key type share a keyed container box while nobody else holds it
/// (`KeyedEncodingContainerCache`, repointing its `QueryStreamKeyedState`), so an array of objects
/// does not allocate a box per element.
///
/// Anything it does not write in one pass — an error of any kind, a container used after it closed,
/// two values in one slot, `superEncoder`, a non-ASCII key, nested values under `.bracketed` /
/// `.repeated` — throws `QueryStreamFallback` (or poisons the encoder from a non-throwing method) and
/// the caller encodes the value again through the tree encoder, so output and errors stay those of the
/// tree encoder. The delimited array strategies and `.flattened` objects always take the tree encoder.
///
/// One instance serves one `encode` call and is not shared: every container holds it and is checked
/// against its level stack before each write. After `finish()` every write is refused.
final class QueryStreamEncoder: Encoder {
    /// How array elements are named (`.indexed`, `.bracketed`, `.repeated`; the others are not streamed).
    enum ArrayForm {
        case indexed
        case bracketed
        case repeated
    }

    /// Deeper than this goes to the tree encoder (which refuses nesting past its own limit).
    private static let maximumDepth = 100
    /// Keyed containers made fresh before `containers` is consulted.
    private static let containersBeforeReuse = 8

    let context: QueryEncodingContext
    private let arrayForm: ArrayForm
    private let dots: Bool
    private let table: UnsafePointer<UInt8>

    // Exclusivity is unchecked on the buffers and stacks below: they are touched only by this class's
    // own methods, none of which calls out (into `encode(to:)` or a closure) while it holds an access.
    @exclusivity(unchecked) private var output: QueryByteWriter
    /// The escaped key path of the open levels and of the slot (each level names a prefix of it).
    @exclusivity(unchecked) private var prefix: QueryByteWriter
    /// The wire keys of the open objects' entries, for sorting.
    @exclusivity(unchecked) private var keys: QueryByteWriter
    /// Room to reorder an object's bytes in.
    @exclusivity(unchecked) private var scratch: QueryByteWriter
    @exclusivity(unchecked) private var levels: QueryStreamStack<QueryStreamLevel>
    @exclusivity(unchecked) private var entries: QueryStreamStack<QueryStreamEntry>
    @exclusivity(unchecked) private var path: [QueryStreamPathComponent] = []
    @exclusivity(unchecked) private var slot: QueryStreamSlot
    private var lastID = 0
    /// Keyed containers kept for the next object of their key type (dropped by `finish()`: their
    /// states refer to this encoder). Exclusivity unchecked as for the buffers above: the cache's
    /// methods call out to nothing.
    @exclusivity(unchecked) private var containers = KeyedEncodingContainerCache()
    /// How many keyed containers were made before the cache was first consulted (up to `containersBeforeReuse`).
    private var keyedContainerCount = 0
    /// The last type `writeScalar` found to have no scalar form.
    private var lastCompositeType: ObjectIdentifier?
    /// Set when a non-throwing method met something the single pass does not write; every later
    /// write is refused and the encoding falls back to the tree encoder.
    private var abandoned = false

    private init(context: QueryEncodingContext, arrayForm: ArrayForm, dots: Bool, spaceAsPlus: Bool,
                 buffer: UnsafeMutableBufferPointer<UInt8>, side: UnsafeMutableBufferPointer<UInt8>,
                 levelBuffer: UnsafeMutableBufferPointer<QueryStreamLevel>, entryBuffer: UnsafeMutableBufferPointer<QueryStreamEntry>) {
        self.context = context
        self.arrayForm = arrayForm
        self.dots = dots
        table = QueryEscapeTable.table(spaceAsPlus: spaceAsPlus)
        output = QueryByteWriter(startingIn: buffer)
        // The side buffer is split three ways: names, keys, and room to sort in.
        let quarter = side.count / 4
        prefix = QueryByteWriter(startingIn: UnsafeMutableBufferPointer(rebasing: side[..<quarter]))
        keys = QueryByteWriter(startingIn: UnsafeMutableBufferPointer(rebasing: side[quarter..<(2 * quarter)]))
        scratch = QueryByteWriter(startingIn: UnsafeMutableBufferPointer(rebasing: side[(2 * quarter)...]))
        slot = QueryStreamSlot(id: 0, prefixLength: 0, depth: 0, allowsContainers: true, isUnnamedTop: true)
        levels = QueryStreamStack(startingIn: levelBuffer)
        entries = QueryStreamStack(startingIn: entryBuffer)
    }

    /// Encodes `value` in one pass and hands `result` the wire bytes (without a leading `&`);
    /// `false` when the strategies or the value need the tree encoder.
    ///
    /// Every closure here returns `Bool` or nothing: a generic result type would cost runtime metadata
    /// lookups per call (this code runs unspecialized, generic over `T`).
    static func encode<T: Encodable>(
        _ value: T, rootKey: String?, context: QueryEncodingContext, spaceAsPlus: Bool,
        _ result: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        let options = context.options
        let form: ArrayForm
        switch options.arrays {
        case .indexed: form = .indexed
        case .bracketed: form = .bracketed
        case .repeated: form = .repeated
        case .commaSeparated, .pipeDelimited, .spaceDelimited: return false
        }
        if options.objects == .flattened { return false }
        let dots = options.objects == .dots
        // The output (most queries fit in 1 KiB), the name, key and sort buffers, the levels and the
        // entries all start on the stack.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer -> Bool in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { side -> Bool in
                withUnsafeTemporaryAllocation(of: QueryStreamLevel.self, capacity: 12) { levelBuffer -> Bool in
                    withUnsafeTemporaryAllocation(of: QueryStreamEntry.self, capacity: 40) { entryBuffer -> Bool in
                        let encoder = QueryStreamEncoder(
                            context: context, arrayForm: form, dots: dots, spaceAsPlus: spaceAsPlus,
                            buffer: buffer, side: side, levelBuffer: levelBuffer, entryBuffer: entryBuffer
                        )
                        defer { encoder.finish() }
                        do {
                            try encoder.encodeTop(value, rootKey: rootKey)
                        } catch {
                            return false
                        }
                        let bytes = encoder.output
                        let start = bytes.isEmpty ? 0 : 1
                        result(UnsafeBufferPointer(start: bytes.base + start, count: bytes.count - start))
                        return true
                    }
                }
            }
        }
    }

    /// Frees the buffers and refuses every later write (a container kept past the call finds no level).
    private func finish() {
        abandoned = true
        containers.removeAll()
        levels.truncate(to: 0)
        levels.deallocate()
        entries.deallocate()
        output.deallocate()
        prefix.deallocate()
        keys.deallocate()
        scratch.deallocate()
    }

    private func encodeTop<T: Encodable>(_ value: T, rootKey: String?) throws {
        if let rootKey {
            prefix.appendEscaped(rootKey, table: table)
            slot = QueryStreamSlot(id: 0, prefixLength: prefix.count, depth: 0, allowsContainers: true, isUnnamedTop: false)
        }
        if try writeScalar(value, name: { try $0.beginSlotScalar() }) {
            return
        }
        try value.encode(to: self)
        try checkDictionary(T.self)
        closeLevels(downTo: 0)
        if abandoned { throw fallBack() }
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (depth, id) = openSlotLevel(isArray: false)
        return keyedContainer(Key.self, depth: depth, id: id)
    }

    /// A keyed container on level `depth` (`id`): the box of this key type's last container when
    /// nobody holds it any more, repointed at the level, or a new one.
    func keyedContainer<Key: CodingKey>(_: Key.Type, depth: Int, id: Int) -> KeyedEncodingContainer<Key> {
        // A small value (a handful of objects) gains nothing from the cache: it is consulted only once
        // this many containers were made, so such values pay for none of its bookkeeping.
        guard keyedContainerCount >= Self.containersBeforeReuse else {
            keyedContainerCount &+= 1
            return KeyedEncodingContainer(QueryStreamKeyedContainer<Key>(encoder: self, depth: depth, id: id))
        }
        let keyType = ObjectIdentifier(Key.self)
        switch containers.lookUp(keyType) {
        case .reuse(let box, let state):
            // The cache holds, under `Key`'s identity, only what `.keep` below stored: the box of a
            // `KeyedEncodingContainer<Key>` (one reference, checked by `supportsReuse`) and its state.
            let state = unsafeDowncast(state, to: QueryStreamKeyedState.self)
            state.depth = depth
            state.id = id
            return unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
        case .keep:
            let state = QueryStreamKeyedState(encoder: self, depth: depth, id: id)
            let container = KeyedEncodingContainer(QueryStreamKeyedContainer<Key>(state: state))
            containers.keep(box: unsafeBitCast(container, to: AnyObject.self), state: state, for: keyType)
            return container
        case .fresh:
            return KeyedEncodingContainer(QueryStreamKeyedContainer<Key>(encoder: self, depth: depth, id: id))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (depth, id) = openSlotLevel(isArray: true)
        return QueryStreamUnkeyedContainer(encoder: self, depth: depth, id: id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QueryStreamSingleValueContainer(encoder: self, slotID: slot.id)
    }

    /// The coding path of level `depth` (for containers).
    func codingPath(ofLevel depth: Int) -> [any CodingKey] {
        guard depth < levels.count else { return codingPath }
        return path.prefix(levels[depth].pathCount).map(\.codingKey)
    }

    /// Marks the encoding as one for the tree encoder (from a method that cannot throw).
    func abandon() {
        abandoned = true
    }

    /// The error that hands the encoding to the tree encoder. The encoder is abandoned too, so an
    /// `encode(to:)` that swallows the error (`try?`) cannot make the single pass drop a value.
    func fallBack() -> QueryStreamFallback {
        abandoned = true
        return QueryStreamFallback()
    }

    // MARK: Levels

    /// Opens (or reopens) the container of the current slot; `(0, -1)`, a level that never exists, when
    /// the single pass cannot write it.
    private func openSlotLevel(isArray: Bool) -> (depth: Int, id: Int) {
        guard !abandoned else { return (0, -1) }
        switch slot.state {
        case .empty:
            guard slot.allowsContainers, levels.count == slot.depth, !(isArray && slot.isUnnamedTop) else { break }
            let id = pushLevel(isArray: isArray, prefixLength: slot.prefixLength, ownsPathKey: false)
            slot.state = .level(id: id, isArray: isArray)
            return (slot.depth, id)
        case .level(let id, let wasArray):
            guard wasArray == isArray, isLive(depth: slot.depth, id: id) else { break }
            closeLevels(downTo: slot.depth + 1)
            return (slot.depth, id)
        case .scalar:
            break
        }
        abandoned = true
        return (0, -1)
    }

    private func pushLevel(isArray: Bool, prefixLength: Int, ownsPathKey: Bool) -> Int {
        lastID &+= 1
        levels.append(QueryStreamLevel(
            id: lastID, isArray: isArray, prefixLength: prefixLength, entriesStart: entries.count,
            keysStart: keys.count, pathCount: path.count, ownsPathKey: ownsPathKey
        ))
        return lastID
    }

    @inline(__always)
    private func isLive(depth: Int, id: Int) -> Bool {
        depth < levels.count && levels[depth].id == id
    }

    /// Makes level `depth` the innermost open one (closing deeper levels); throws if it was closed.
    @inline(__always)
    private func enter(depth: Int, id: Int) throws {
        guard !abandoned, isLive(depth: depth, id: id) else { throw fallBack() }
        if levels.count > depth &+ 1 { closeLevels(downTo: depth &+ 1) }
    }

    /// Closes levels until only `count` are open, putting each closing object in key order.
    private func closeLevels(downTo count: Int) {
        while levels.count > count {
            let level = levels.removeLast()
            if !level.isArray {
                if entries.count - level.entriesStart > 1 { sortEntries(from: level.entriesStart) }
                entries.truncate(to: level.entriesStart)
                keys.truncate(to: level.keysStart)
            }
            if level.ownsPathKey { truncatePath(to: level.pathCount - 1) }
        }
    }

    /// Drops the coding-path steps past the first `count`.
    @inline(__always)
    private func truncatePath(to count: Int) {
        if path.count > count { path.removeLast(path.count - max(count, 0)) }
    }

    // MARK: Sorting

    /// Puts the entries from `start` on (the innermost object's, which run to the end of the output)
    /// in key order, stably: the tree encoder's order (`String <` on ASCII keys is byte order).
    private func sortEntries(from start: Int) {
        let count = entries.count - start
        let keyBytes = UnsafePointer(keys.base)
        do {
            // Read in place: nothing below changes `entries`.
            let list = entries.elements(from: start)
            var sorted = true
            for index in 1..<count where Self.key(of: list[index], precedes: list[index - 1], in: keyBytes) {
                sorted = false
                break
            }
            if sorted { return }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                for offset in 0..<count { order[offset] = offset }
                for offset in 1..<count {
                    var position = offset
                    let moving = order[offset]
                    while position > 0, Self.key(of: list[moving], precedes: list[order[position - 1]], in: keyBytes) {
                        order[position] = order[position - 1]
                        position -= 1
                    }
                    order[position] = moving
                }
                reorderBytes(list, order: UnsafeBufferPointer(order))
            }
        }
    }

    /// Rewrites the output from the first of `list` on with the entries' bytes in `order` (offsets
    /// into `list`, whose entries run to the end of the output).
    private func reorderBytes(_ list: UnsafeBufferPointer<QueryStreamEntry>, order: UnsafeBufferPointer<Int>) {
        let regionStart = list[0].outputStart
        let regionLength = output.count - regionStart
        scratch.truncate(to: 0)
        scratch.append(UnsafeBufferPointer(start: output.base + regionStart, count: regionLength))
        let copy = scratch
        var cursor = output.base + regionStart
        for index in order {
            let from = list[index].outputStart - regionStart
            let to = (index + 1 < list.count ? list[index + 1].outputStart - regionStart : regionLength)
            cursor.update(from: copy.base + from, count: to - from)
            cursor += to - from
        }
    }

    /// Whether the key of `lhs` sorts before that of `rhs` (bytewise, shorter first on a tie); both
    /// keys lie in `keys`, the key buffer.
    @inline(__always)
    private static func key(of lhs: QueryStreamEntry, precedes rhs: QueryStreamEntry, in keys: UnsafePointer<UInt8>) -> Bool {
        let left = keys + lhs.keyStart, right = keys + rhs.keyStart
        let shared = min(lhs.keyLength, rhs.keyLength)
        for offset in 0..<shared {
            let a = left[offset], b = right[offset]
            if a != b { return a < b }
        }
        return lhs.keyLength < rhs.keyLength
    }

    // MARK: Names

    /// Records an entry of object level `depth` under `key` and returns the key as written.
    @inline(__always)
    private func beginEntry(depth: Int, id: Int, key: String) throws -> String {
        try enter(depth: depth, id: id)
        let wire = context.wireKey(key)
        let keyStart = keys.count
        guard keys.appendASCII(wire) else { throw fallBack() }
        entries.append(QueryStreamEntry(outputStart: output.count, keyStart: keyStart, keyLength: keys.count &- keyStart))
        return wire
    }

    /// Appends the name step of `wire` after a prefix of `prefixLength` bytes (`key`, `[key]`, `.key`).
    @inline(__always)
    private func appendKeyStep(_ wire: String, prefixLength: Int, to writer: inout QueryByteWriter) {
        if prefixLength == 0 {
            writer.appendEscaped(wire, table: table)
        } else if dots {
            writer.append(UInt8(ascii: "."))
            writer.appendEscaped(wire, table: table)
        } else {
            writer.appendOpenBracket()
            writer.appendEscaped(wire, table: table)
            writer.appendCloseBracket()
        }
    }

    /// Appends the name step of array element `index` (`[3]`, `[]` or nothing).
    @inline(__always)
    private func appendElementStep(_ index: Int, to writer: inout QueryByteWriter) {
        switch arrayForm {
        case .indexed:
            writer.appendOpenBracket()
            writer.appendDecimal(index)
            writer.appendCloseBracket()
        case .bracketed:
            writer.appendOpenBracket()
            writer.appendCloseBracket()
        case .repeated:
            break
        }
    }

    /// Writes `&<name of the level>` and returns the level's prefix length.
    @inline(__always)
    private func beginPair(prefixLength: Int) {
        output.append(UInt8(ascii: "&"))
        output.append(prefixOf: prefix, length: prefixLength, reservingExtra: 8)
    }

    /// Writes `&name[key]=` for a scalar entry of object level `depth`.
    func beginKeyedScalar(depth: Int, id: Int, key: String) throws {
        let wire = try beginEntry(depth: depth, id: id, key: key)
        let prefixLength = levels[depth].prefixLength
        beginPair(prefixLength: prefixLength)
        appendKeyStep(wire, prefixLength: prefixLength, to: &output)
        output.append(UInt8(ascii: "="))
    }

    /// Writes `&name[index]=` for a scalar element of array level `depth`.
    func beginElementScalar(depth: Int, id: Int) throws {
        try enter(depth: depth, id: id)
        let index = levels[depth].count
        levels[depth].count = index &+ 1
        beginPair(prefixLength: levels[depth].prefixLength)
        appendElementStep(index, to: &output)
        output.append(UInt8(ascii: "="))
    }

    /// Skips an element of array level `depth` (a `nil`: it keeps the index of the next ones).
    func skipElement(depth: Int, id: Int) throws {
        try enter(depth: depth, id: id)
        levels[depth].count &+= 1
    }

    /// The index the next element of array level `depth` gets.
    func elementCount(depth: Int, id: Int) -> Int {
        isLive(depth: depth, id: id) ? levels[depth].count : 0
    }

    /// Writes `&name=` for the current slot's scalar.
    func beginSlotScalar() throws {
        guard !abandoned, case .empty = slot.state, !slot.isUnnamedTop, levels.count == slot.depth else {
            throw fallBack()
        }
        slot.state = .scalar
        beginPair(prefixLength: slot.prefixLength)
        output.append(UInt8(ascii: "="))
    }

    /// Whether the current slot has written nothing yet.
    var slotIsEmpty: Bool { slot.state == .empty }

    /// Whether `slotID` is the slot being written (for single-value containers).
    func isCurrentSlot(_ slotID: Int) -> Bool {
        !abandoned && slot.id == slotID
    }

    // MARK: Values

    /// Writes the escaped text of a value after a name.
    @inline(__always)
    func appendValue(_ text: String) {
        output.appendEscaped(text, table: table)
    }

    /// Writes an integer value after a name.
    @inline(__always)
    func appendValue(integer value: Int) {
        output.appendInteger(value)
    }

    /// Writes any integer value after a name (its decimal digits).
    @inline(__always)
    func appendValue<I: BinaryInteger>(integer value: I) {
        if let small = Int(exactly: value) {
            output.appendInteger(small)
        } else {
            output.appendEscaped(String(value), table: table)
        }
    }

    /// Writes `value` if it is one of the scalars with a query form (`String`, integers, `Date`, `URL`,
    /// …), after the name `name` writes; `false` for other types.
    @inline(__always)
    func writeScalar<T: Encodable>(_ value: T, name: (QueryStreamEncoder) throws -> Void) throws -> Bool {
        // Each `unsafeBitCast` runs only after `T.self ==` proved T is exactly that type.
        if T.self == String.self {
            try name(self)
            appendValue(unsafeBitCast(value, to: String.self))
            return true
        }
        if T.self == Int.self {
            try name(self)
            appendValue(integer: unsafeBitCast(value, to: Int.self))
            return true
        }
        // The elements of an array of objects are all of one type: once a type is known to have no
        // scalar form, its next values skip the type checks below.
        let identity = ObjectIdentifier(T.self)
        if identity == lastCompositeType { return false }
        guard let text = try context.scalar(for: value, codingPath: { [] }) else {
            lastCompositeType = identity
            return false
        }
        try name(self)
        appendValue(text)
        return true
    }

    // MARK: Nested values

    /// Encodes a nested value under `key` of object level `depth`.
    func encodeKeyed<T: Encodable, Key: CodingKey>(_ value: T, depth: Int, id: Int, key: Key) throws {
        if try writeScalar(value, name: { try $0.beginKeyedScalar(depth: depth, id: id, key: key.stringValue) }) {
            return
        }
        let wire = try beginEntry(depth: depth, id: id, key: key.stringValue)
        let prefixLength = levels[depth].prefixLength
        prefix.truncate(to: prefixLength)
        appendKeyStep(wire, prefixLength: prefixLength, to: &prefix)
        path.append(.key(key))
        try encodeNested(value, allowsContainers: true)
    }

    /// Encodes a nested value as the next element of array level `depth`.
    func encodeElement<T: Encodable>(_ value: T, depth: Int, id: Int) throws {
        if try writeScalar(value, name: { try $0.beginElementScalar(depth: depth, id: id) }) {
            return
        }
        try enter(depth: depth, id: id)
        let index = levels[depth].count
        levels[depth].count = index &+ 1
        prefix.truncate(to: levels[depth].prefixLength)
        appendElementStep(index, to: &prefix)
        path.append(.index(index))
        try encodeNested(value, allowsContainers: arrayForm == .indexed)
    }

    /// Runs `value.encode(to:)` in a new slot named by the whole name buffer, one level deeper, with
    /// its coding-path step already pushed; restores the current slot afterwards.
    private func encodeNested<T: Encodable>(_ value: T, allowsContainers: Bool) throws {
        guard levels.count < Self.maximumDepth else { throw fallBack() }
        let saved = slot
        let pathCount = path.count - 1
        lastID &+= 1
        slot = QueryStreamSlot(
            id: lastID, prefixLength: prefix.count, depth: levels.count, allowsContainers: allowsContainers, isUnnamedTop: false
        )
        try value.encode(to: self)
        try checkDictionary(T.self)
        closeLevels(downTo: slot.depth)
        slot = saved
        truncatePath(to: pathCount)
    }

    /// Encodes a value handed to a single-value container: a scalar, or the value's own containers in
    /// the same slot.
    func encodeInSlot<T: Encodable>(_ value: T, slotID: Int) throws {
        guard isCurrentSlot(slotID) else { throw fallBack() }
        if try writeScalar(value, name: { try $0.beginSlotScalar() }) {
            return
        }
        try value.encode(to: self)
        try checkDictionary(T.self)
    }

    /// Opens a nested object or array under `key` of object level `depth` (a nested container).
    func openNestedLevel<Key: CodingKey>(depth: Int, id: Int, key: Key, isArray: Bool) -> (depth: Int, id: Int) {
        do {
            let wire = try beginEntry(depth: depth, id: id, key: key.stringValue)
            let prefixLength = levels[depth].prefixLength
            prefix.truncate(to: prefixLength)
            appendKeyStep(wire, prefixLength: prefixLength, to: &prefix)
            truncatePath(to: levels[depth].pathCount)
            path.append(.key(key))
            return openOwnedLevel(isArray: isArray)
        } catch {
            abandoned = true
            return (0, -1)
        }
    }

    /// Opens a nested object or array as the next element of array level `depth` (a nested container).
    func openNestedElementLevel(depth: Int, id: Int, isArray: Bool) -> (depth: Int, id: Int) {
        guard arrayForm == .indexed, (try? enter(depth: depth, id: id)) != nil else {
            abandoned = true
            return (0, -1)
        }
        let index = levels[depth].count
        levels[depth].count = index &+ 1
        prefix.truncate(to: levels[depth].prefixLength)
        appendElementStep(index, to: &prefix)
        truncatePath(to: levels[depth].pathCount)
        path.append(.index(index))
        return openOwnedLevel(isArray: isArray)
    }

    private func openOwnedLevel(isArray: Bool) -> (depth: Int, id: Int) {
        guard levels.count < Self.maximumDepth else {
            abandoned = true
            return (0, -1)
        }
        let depth = levels.count
        return (depth, pushLevel(isArray: isArray, prefixLength: prefix.count, ownsPathKey: true))
    }

    /// Refuses a dictionary whose keys are not strings (the standard library writes it as a flat
    /// `[key, value, …]` array): the tree encoder throws the error for it.
    @inline(__always)
    private func checkDictionary<T>(_ type: T.Type) throws {
        guard case .level(_, true) = slot.state else { return }
        if !QueryValueEncoder.isScalarArray(type), type is any QueryDictionaryMarker.Type {
            throw fallBack()
        }
    }
}
