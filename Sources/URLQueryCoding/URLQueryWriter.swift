import Foundation

/// Writes the fields of a `URLQueryWritable` value straight into the query's bytes: the direct path of
/// `URLQueryEncoder.encodeQueryString` and `encodeFormBody`. A type's `writeQueryField` hands it each
/// field's value with one `write(_:)`; the encoder has already put the fields in wire order and knows
/// each one's name, percent-encoded once per type (`QueryWritePlan`).
///
/// Values are escaped through `QueryEscapeTable` and integers written digit by digit. Scalars,
/// optionals, arrays and nested `URLQueryWritable` values are written here; any other `Encodable` field
/// goes through the tree encoder for that field alone. Whatever this path does not write exactly as the
/// `Encodable` path does — an error of any kind, an object in a `.bracketed` or `.repeated` array, two
/// fields under one key, nesting past 100 levels — throws `QueryStreamFallback`, and the encoder then
/// encodes the whole value through `encode(to:)`, so output and errors stay those of `Encodable`.
///
/// Only the encoder makes one, for one `encode` call; it cannot be copied.
public struct URLQueryWriter: ~Copyable {
    /// `element` when the current value is not an array element.
    private static let notAnElement = -1
    /// `element` for an element of a `.bracketed` array (`name[]=`).
    private static let unindexedElement = -2
    /// Deeper nesting (objects and arrays of objects) goes to the `Encodable` path, which refuses
    /// nesting past its own, larger limit (`QueryValueEncoder.maximumDepth`).
    private static let maximumDepth = 100

    // `unowned(unsafe)` and `Unmanaged` (no reference counting per call): a writer lives only inside
    // `encode`, whose caller holds `context` for the whole call, and `context` holds the cache.
    unowned(unsafe) let context: QueryEncodingContext
    /// The context's `QueryWritePlanCache`, unretained.
    private let cache: Unmanaged<any AnyObject & Sendable>
    private let table: UnsafePointer<UInt8>
    private let spaceAsPlus: Bool
    private let arrayForm: QueryStreamEncoder.ArrayForm
    /// `boolEncodingStrategy` is `.numeric`.
    private let numericBools: Bool
    /// The wire bytes: `name=value` pairs joined by `&`.
    private(set) var output: QueryByteWriter
    /// The escaped name of the object being written (empty at the top without a `rootKey`).
    private var prefix: QueryByteWriter
    /// The escaped name step of the field being written (`key` or `%5Bkey%5D` or `.key`).
    private var step: QueryWritePlan.Step
    /// The object being written: its name steps of the kind its place needs (four per position, see
    /// `QueryWritePlan.Layout.steps`), the position of the next field a `write` names, and the end of the
    /// positions the current `writeQueryField` or `writeQueryFields` call may name.
    private var frame = Frame()
    /// The index of the array element being written, or `notAnElement` / `unindexedElement`.
    private var element = URLQueryWriter.notAnElement
    /// The objects and arrays of objects open: the depth the `Encodable` path's encoder of the current
    /// field's value has.
    private var depth = 0

    private init(context: QueryEncodingContext, cache: Unmanaged<any AnyObject & Sendable>, spaceAsPlus: Bool, arrayForm: QueryStreamEncoder.ArrayForm,
                 buffer: UnsafeMutableBufferPointer<UInt8>, side: UnsafeMutableBufferPointer<UInt8>) {
        self.context = context
        self.cache = cache
        self.spaceAsPlus = spaceAsPlus
        self.arrayForm = arrayForm
        numericBools = context.numericBools
        table = spaceAsPlus ? context.formEscapeTable : context.queryEscapeTable
        output = QueryByteWriter(startingIn: buffer)
        prefix = QueryByteWriter(startingIn: side)
        step = QueryWritePlan.Step(start: UnsafePointer(prefix.base), count: 0)
    }

    /// Writes `value` and hands `result` the wire bytes; `false` when the configuration or the value
    /// needs the `Encodable` path (nothing was handed over then).
    static func encode<T: URLQueryWritable>(
        _ value: T, rootKey: String?, context: QueryEncodingContext, spaceAsPlus: Bool,
        _ result: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        guard let cache = context.unretainedWritePlans, let form = context.directArrayForm else { return false }
        // Most queries fit in the 1 KiB of stack the output starts in; names in 256 bytes.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer -> Bool in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { side -> Bool in
                var writer = URLQueryWriter(context: context, cache: cache, spaceAsPlus: spaceAsPlus, arrayForm: form,
                                            buffer: buffer, side: side)
                defer { writer.deallocate() }
                guard writer.writeRoot(value, rootKey: rootKey) else { return false }
                result(UnsafeBufferPointer(start: writer.output.base, count: writer.output.count))
                return true
            }
        }
    }

    /// The query string of `value`, or `nil` when the configuration or the value needs the `Encodable`
    /// path. The bytes are written straight into the string's own storage when the last query of the
    /// same type (`QueryWritePlanCache.sizeHint`) says how large to make it, and copied into a string
    /// otherwise (the first time, or when this one outgrew the hint).
    static func encodeString<T: URLQueryWritable>(_ value: T, rootKey: String?, context: QueryEncodingContext) -> String? {
        guard let cache = context.unretainedWritePlans, let form = context.directArrayForm else { return nil }
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        let identity = ObjectIdentifier(T.self)
        // `cache` is the context's `writePlans`, which holds only a `QueryWritePlanCache`.
        let plans = cache._withUnsafeGuaranteedRef { unsafeDowncast($0, to: QueryWritePlanCache.self) }
        let hint = plans.sizeHint(for: identity)
        // No hint yet, or one so large (over 4 MiB) that sizing a small query by it would be a waste: grow.
        guard hint > 0, hint <= 4 << 20 else {
            var text: String?
            guard encode(value, rootKey: rootKey, context: context, spaceAsPlus: false, { bytes in
                plans.noteSize(bytes.count, for: identity)
                text = String(decoding: bytes, as: UTF8.self)
            }) else { return nil }
            return text.take()
        }
        var written = true
        var copied: String?   // set when the bytes did not end up in the string's storage
        let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { side in
            String(unsafeUninitializedCapacity: hint) { buffer -> Int in
                var writer = URLQueryWriter(context: context, cache: cache, spaceAsPlus: false, arrayForm: form,
                                            buffer: buffer, side: side)
                writer.output.isPresized = true
                defer { writer.deallocate() }
                guard writer.writeRoot(value, rootKey: rootKey) else {
                    written = false
                    return 0
                }
                let count = writer.output.count
                plans.noteSize(count, for: identity)
                // Still in the string's storage, and not far smaller than it (a hint from a much larger
                // query of the type would leave the string holding that much room): done, no copy.
                if writer.output.base == buffer.baseAddress, count >= hint / 2 || hint <= 1024 { return count }
                copied = String(decoding: UnsafeBufferPointer(start: writer.output.base, count: count), as: UTF8.self)
                return 0
            }
        }
        guard written else { return nil }
        return copied.take() ?? text
    }

    /// Writes the root object (under `rootKey`, if any); `false` when it needs the `Encodable` path.
    private mutating func writeRoot<T: URLQueryWritable>(_ value: T, rootKey: String?) -> Bool {
        if let rootKey {
            let table = self.table
            prefix.appendEscaped(rootKey, table: table)
        }
        do {
            try writeObject(value)
            return true
        } catch {
            return false
        }
    }

    private func deallocate() {
        output.deallocate()
        prefix.deallocate()
    }

    // MARK: Scalars

    /// Writes a string field (escaped).
    public mutating func write(_ value: String) throws {
        try takeStep()
        writeLeaf(value)
    }

    /// Writes an integer field (its decimal digits).
    public mutating func write(_ value: Int) throws {
        try takeStep()
        writeLeaf(integer: value)
    }

    /// Writes a `Bool` field as `boolEncodingStrategy` says.
    public mutating func write(_ value: Bool) throws {
        try takeStep()
        writeLeaf(bool: value)
    }

    /// Writes a `Double` field as `Encodable` would (its `description` when finite, otherwise as
    /// `nonConformingFloatEncodingStrategy` says).
    public mutating func write(_ value: Double) throws {
        try takeStep()
        try writeLeaf(double: value)
    }

    /// Writes any scalar field as the encoder's strategies say.
    public mutating func write<T: URLQueryScalar>(_ value: T) throws {
        try takeStep()
        try writeScalar(value)
    }

    /// Writes an optional scalar field; `nil` writes nothing.
    public mutating func write<T: URLQueryScalar>(_ value: T?) throws {
        try takeStep()
        if let value { try writeScalar(value) }
    }

    /// Writes an array of scalars as `arrayEncodingStrategy` says.
    public mutating func write<T: URLQueryScalar>(_ values: [T]) throws {
        try takeStep()
        try writeScalars(values)
    }

    /// Writes an array of integers (`write(_: [T])` without a call per element).
    public mutating func write(_ values: [Int]) throws {
        try takeStep()
        let start = output.count
        switch arrayForm {
        case .indexed:
            for index in values.indices {
                element = index
                writeLeaf(integer: values[index])
                if index == 0 { output.reserveForElements(after: output.count &- start, total: values.count) }
            }
        case .bracketed:
            element = Self.unindexedElement
            for index in values.indices {
                writeLeaf(integer: values[index])
                if index == 0 { output.reserveForElements(after: output.count &- start, total: values.count) }
            }
        case .repeated:
            for index in values.indices {
                writeLeaf(integer: values[index])
                if index == 0 { output.reserveForElements(after: output.count &- start, total: values.count) }
            }
        }
        element = Self.notAnElement
    }

    /// Writes an array of strings (`write(_: [T])` without a call per element).
    public mutating func write(_ values: [String]) throws {
        try takeStep()
        let start = output.count
        switch arrayForm {
        case .indexed:
            for index in values.indices {
                element = index
                writeLeaf(values[index])
                if index == 0 { output.reserveForElements(after: output.count &- start, total: values.count) }
            }
        case .bracketed:
            element = Self.unindexedElement
            for index in values.indices {
                writeLeaf(values[index])
                if index == 0 { output.reserveForElements(after: output.count &- start, total: values.count) }
            }
        case .repeated:
            for index in values.indices {
                writeLeaf(values[index])
                if index == 0 { output.reserveForElements(after: output.count &- start, total: values.count) }
            }
        }
        element = Self.notAnElement
    }

    /// Writes an optional array of scalars; `nil` writes nothing.
    public mutating func write<T: URLQueryScalar>(_ values: [T]?) throws {
        try takeStep()
        if let values { try writeScalars(values) }
    }

    /// Writes an array of optional scalars: a `nil` element writes nothing (under `.indexed` it keeps
    /// its index).
    public mutating func write<T: URLQueryScalar>(_ values: [T?]) throws {
        try takeStep()
        frame.insideValue = true
        switch arrayForm {
        case .indexed:
            for index in values.indices {
                guard let value = values[index] else { continue }
                element = index
                try value.writeQueryScalar(to: &self)
            }
        case .bracketed:
            element = Self.unindexedElement
            for case let value? in values { try value.writeQueryScalar(to: &self) }
        case .repeated:
            for case let value? in values { try value.writeQueryScalar(to: &self) }
        }
        frame.insideValue = false
        element = Self.notAnElement
    }

    /// Writes one scalar (its step taken): through its own `writeQueryScalar`, which may call the
    /// writer's public `write`s (they then name no field of their own).
    @inline(__always)
    private mutating func writeScalar<T: URLQueryScalar>(_ value: T) throws {
        frame.insideValue = true
        try value.writeQueryScalar(to: &self)
        frame.insideValue = false
    }

    /// Writes an array of scalars (its step taken) as `arrayEncodingStrategy` says.
    private mutating func writeScalars<T: URLQueryScalar>(_ values: [T]) throws {
        frame.insideValue = true
        switch arrayForm {
        case .indexed:
            for index in values.indices {
                element = index
                try values[index].writeQueryScalar(to: &self)
            }
        case .bracketed:
            element = Self.unindexedElement
            for value in values { try value.writeQueryScalar(to: &self) }
        case .repeated:
            for value in values { try value.writeQueryScalar(to: &self) }
        }
        frame.insideValue = false
        element = Self.notAnElement
    }

    // MARK: Objects

    /// Writes a nested object field (`name[key]=value` for each of its fields).
    public mutating func write<T: URLQueryWritable>(_ value: T) throws {
        try takeStep()
        try writeNested(value)
    }

    /// Writes an optional nested object field; `nil` writes nothing.
    public mutating func write<T: URLQueryWritable>(_ value: T?) throws {
        try takeStep()
        if let value { try writeNested(value) }
    }

    /// Writes an array of objects (`name[0][key]=value` under `.indexed`).
    public mutating func write<T: URLQueryWritable>(_ values: [T]) throws {
        try takeStep()
        try writeObjects(values)
    }

    /// Writes an optional array of objects; `nil` writes nothing.
    public mutating func write<T: URLQueryWritable>(_ values: [T]?) throws {
        try takeStep()
        if let values { try writeObjects(values) }
    }

    /// Writes an array of optional objects: a `nil` element writes nothing (under `.indexed` it keeps
    /// its index).
    public mutating func write<T: URLQueryWritable>(_ values: [T?]) throws {
        try takeStep()
        guard values.contains(where: { $0 != nil }) else { return }
        let array = try openObjectArray(of: T.self)
        depth &+= 1
        defer { depth &-= 1 }
        for index in values.indices {
            guard let value = values[index] else { continue }
            nameElement(index, after: array.name)
            try writeFields(of: value, plan: array.plan)
        }
        prefix.truncate(to: array.mark)
    }

    /// Starts an array of objects of `T` under the current field's name (`.indexed` only): returns the
    /// prefix length to go back to, that of the array's name, and the elements' plan.
    @inline(__always)
    private mutating func openObjectArray<T: URLQueryWritable>(of _: T.Type) throws
        -> (mark: Int, name: Int, plan: QueryWritePlan.Layout) {
        // The Rails form of `.bracketed` and the refusal of `.repeated` are the `Encodable` path's.
        guard arrayForm == .indexed else { throw QueryStreamFallback() }
        let mark = prefix.count
        appendStepToPrefix()
        return (mark, prefix.count, try layout(for: T.self))
    }

    /// Makes the prefix the array's name (its first `mark` bytes) followed by `%5B<index>%5D`.
    @inline(__always)
    private mutating func nameElement(_ index: Int, after mark: Int) {
        prefix.truncate(to: mark)
        prefix.appendOpenBracket()
        prefix.appendDecimal(index)
        prefix.appendCloseBracket()
    }

    /// Writes a nested object (its step taken) under the current field's name.
    private mutating func writeNested<T: URLQueryWritable>(_ value: T) throws {
        let mark = prefix.count
        appendStepToPrefix()
        try writeObject(value)
        prefix.truncate(to: mark)
    }

    /// Writes an array of objects (its step taken).
    private mutating func writeObjects<T: URLQueryWritable>(_ values: [T]) throws {
        guard !values.isEmpty else { return }
        let array = try openObjectArray(of: T.self)
        let plan = array.plan
        depth &+= 1
        defer { depth &-= 1 }
        // Through the buffer: the elements are borrowed in place, with no `Array<T>` metadata lookup
        // or copy per element (this code runs unspecialized).
        let start = output.count
        try values.withUnsafeBufferPointer { elements in
            for index in 0..<elements.count {
                nameElement(index, after: array.name)
                try writeFields(of: elements[index], plan: plan)
                if index == 0 { output.reserveForElements(after: output.count &- start, total: elements.count) }
            }
        }
        prefix.truncate(to: array.mark)
    }

    // MARK: Anything else

    /// Writes a field of any other `Encodable` type through `encode(to:)` and the tree encoder (the
    /// same bytes as the `Encodable` path, for this field only).
    public mutating func write<T: Encodable>(_ value: T) throws {
        try takeStep()
        if let scalar = try context.encodedScalar(for: value, codingPath: { [] }) {
            switch scalar {
            case .integer(let number): writeLeaf(integer: number)
            case .scalar(let text): writeLeaf(text)
            case .object, .array, .null, .deferred: throw QueryStreamFallback()
            }
            return
        }
        let root = QueryValueEncoder(context: context, depth: depth)
        try root.encodeContents(value)
        guard let tree = root.encodedValue else { return }
        var name = QueryByteWriter(capacity: prefix.count + step.count + 16)
        name.append(UnsafeBufferPointer(start: prefix.base, count: prefix.count))
        name.append(UnsafeBufferPointer(start: step.start, count: step.count))
        var sink = QueryWireSink(continuing: output, name: name, spaceAsPlus: spaceAsPlus)
        defer {
            // The sink may have moved the output to a larger buffer: take it back, error or not.
            output = sink.output
            sink.deallocateName()
        }
        var walker = QueryTreeWalker(
            arrays: context.options.arrays, objects: context.options.objects, delimiter: context.options.arrays.delimiter
        )
        try walker.walkNamed(tree, sink: &sink)
    }

    // MARK: Internals

    /// Writes the fields of `value` in wire order under the current prefix.
    mutating func writeObject<T: URLQueryWritable>(_ value: borrowing T) throws {
        try writeFields(of: value, plan: try layout(for: T.self))
    }

    /// Writes the fields of `value` as `plan` (its type's) orders and names them: with one
    /// `writeQueryFields` call when the type writes its fields in wire order, one `writeQueryField` call
    /// per field otherwise.
    @inline(__always)
    private mutating func writeFields<T: URLQueryWritable>(of value: borrowing T, plan: QueryWritePlan.Layout) throws {
        guard depth < Self.maximumDepth else { throw QueryStreamFallback() }
        depth &+= 1
        let outer = frame
        frame = Frame(steps: plan.steps(spaceAsPlus: spaceAsPlus, nested: prefix.count > 0))
        if plan.writesInOrder {
            frame.end = plan.count
            try value.writeQueryFields(to: &self)
            // A field not written (a hand-written `writeQueryFields` that skips one) would leave the
            // ones after it under the wrong names had the call gone on: the `Encodable` path decides.
            guard frame.next == plan.count else { throw QueryStreamFallback() }
        } else {
            for position in 0..<plan.count {
                frame.next = position
                frame.end = position &+ 1
                try value.writeQueryField(plan.field(at: position), to: &self)
            }
        }
        frame = outer
        depth &-= 1
    }

    /// What `writeQueryFields` does unless the type writes it: `writeQueryField` for each field, in
    /// the order of `queryFieldNames` (which is wire order when the writer calls it).
    mutating func writeEachField<T: URLQueryWritable>(of value: T) throws {
        let end = frame.end
        for index in frame.next..<end {
            frame.next = index
            frame.end = index &+ 1
            try value.writeQueryField(index, to: &self)
        }
        frame.next = end
        frame.end = end
    }

    /// Makes the next field of the object being written the current one (its name step), unless a
    /// scalar's `writeQueryScalar` is writing the current field's value through a public `write`. A
    /// call that names more fields than it may (two `write`s in one `writeQueryField`) hands the value
    /// to the `Encodable` path.
    @inline(__always)
    private mutating func takeStep() throws {
        if frame.insideValue { return }
        guard frame.next < frame.end, let steps = frame.steps else { throw QueryStreamFallback() }
        step = steps[frame.next &* 4]
        frame.next &+= 1
    }

    /// The plan of `type` under the configuration: from its slot in the cache (one load, usually), or built
    /// on first use.
    @inline(__always)
    private func layout<T: URLQueryWritable>(for type: T.Type) throws -> QueryWritePlan.Layout {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { throw QueryStreamFallback() }
        // `cache` is the context's `writePlans`, which holds only a `QueryWritePlanCache`.
        let found = cache._withUnsafeGuaranteedRef { plans in
            let plans = unsafeDowncast(plans, to: QueryWritePlanCache.self)
            return plans.cachedLayout(for: ObjectIdentifier(type)) ?? plans.layout(for: type, context: context)
        }
        guard found.isUsable else { throw QueryStreamFallback() }
        return found
    }

    /// Appends the current field's name step to the prefix (the name of a nested object or array). The
    /// step is already in the form its place needs (`key` first, `%5Bkey%5D` or `.key` after a prefix).
    @inline(__always)
    private mutating func appendStepToPrefix() {
        prefix.append(UnsafeBufferPointer(start: step.start, count: step.count))
    }

    /// Writes `&name=` for the current field or array element (no `&` before the first pair).
    @inline(__always)
    private mutating func beginLeaf() {
        output.appendName(first: output.isEmpty, prefix: prefix, step: step, element: element)
    }

    /// Writes the current field's value as escaped text.
    @inline(__always)
    mutating func writeLeaf(_ text: String) {
        beginLeaf()
        output.appendEscaped(text, table: table)
    }

    /// Writes a `Bool` as `boolEncodingStrategy` says (`true`/`false` or `1`/`0`: nothing to escape).
    @inline(__always)
    mutating func writeLeaf(bool value: Bool) {
        beginLeaf()
        if numericBools {
            output.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        } else {
            output.appendBool(value)
        }
    }

    /// Writes a date under the ISO-8601 strategies straight into the output (the text
    /// `QueryEncodingContext.format` gives, escaped); `false`, with nothing written, under the other
    /// strategies. A date ISO-8601 cannot write goes to the `Encodable` path, which says why.
    mutating func writeLeaf(iso8601 date: Date) throws -> Bool {
        guard let fractional = context.iso8601FractionalSeconds else { return false }
        // Straight into the output, `:` as `%3A` (its other bytes are unreserved, as
        // `QueryEscapeTable` says: nothing else to escape). The fallback discards the whole output.
        beginLeaf()
        output.reserve(ISO8601Format.maximumLength)
        guard let length = ISO8601Format.write(date, fractionalSeconds: fractional, percentEncoded: true,
                                               to: output.base + output.count) else {
            throw QueryStreamFallback()
        }
        output.advance(by: length)
        return true
    }

    /// Writes a `Double` as `QueryEncodingContext.format` does: its `description` when finite (the
    /// context, for its strategy, only otherwise).
    @inline(__always)
    mutating func writeLeaf(double value: Double) throws {
        if value.isFinite {
            writeLeaf(value.description)
        } else {
            writeLeaf(try context.format(value, codingPath: { [] }))
        }
    }

    /// Writes a `Float` as `QueryEncodingContext.format` does (see `writeLeaf(double:)`).
    @inline(__always)
    mutating func writeLeaf(float value: Float) throws {
        if value.isFinite {
            writeLeaf(value.description)
        } else {
            writeLeaf(try context.format(value, codingPath: { [] }))
        }
    }

    /// Writes the current field's value as decimal digits.
    @inline(__always)
    mutating func writeLeaf(integer value: Int) {
        beginLeaf()
        output.appendInteger(value)
    }

    /// Writes an integer of any width as decimal digits.
    mutating func writeLeaf<I: BinaryInteger>(anyInteger value: I) {
        if let small = Int(exactly: value) {
            writeLeaf(integer: small)
        } else {
            writeLeaf(String(value))
        }
    }

    /// The object the writer is writing the fields of (see `frame`).
    private struct Frame {
        /// The name steps of its fields, four per position (see `QueryWritePlan.Layout.steps`); `nil`
        /// before the root object.
        var steps: UnsafePointer<QueryWritePlan.Step>?
        /// The position (in wire order) of the field the next `write` names.
        var next = 0
        /// The end of the positions the current call may name.
        var end = 0
        /// A scalar's own `writeQueryScalar` is running: its `write`s write the current field's value.
        var insideValue = false
    }
}
