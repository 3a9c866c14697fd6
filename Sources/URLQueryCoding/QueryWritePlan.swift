/// How `URLQueryWriter` writes the fields of one `URLQueryWritable` type under one encoder
/// configuration, worked out once: the fields in wire order (sorted by the key as written, stably, as
/// `QueryTreeWalker` sorts an object) and each field's name step already percent-encoded — `key`
/// (the first step of a name), `[key]` (`%5Bkey%5D`) or `.key` — for query strings and for form bodies.
///
/// `@unchecked Sendable`: every stored property is set in `init` and never written again, and the
/// memory behind the pointers is written only in `init` and freed only in `deinit`, so threads share
/// a plan read-only.
final class QueryWritePlan: @unchecked Sendable {
    /// One name step: bytes in `bytes`.
    struct Step {
        let start: UnsafePointer<UInt8>
        let count: Int
    }

    /// What the writer reads of a plan, as plain pointers: copying it costs no reference counting. It
    /// points into the plan's memory, so it is valid as long as the plan (the writer holds the
    /// `QueryWritePlanCache`, which keeps every plan it made for its whole life).
    struct Layout {
        /// The number of fields.
        let count: Int
        /// Whether the direct path can write the type: `false` when two fields have the same key as
        /// written (the `Encodable` path then decides what that means).
        let isUsable: Bool
        /// Wire order is the order of `queryFieldNames`: the writer can hand the whole value to the
        /// type's `writeQueryFields`, with no call per field.
        let writesInOrder: Bool
        /// Field indices (positions in `queryFieldNames`) in wire order.
        fileprivate let order: UnsafePointer<Int>
        /// Four steps per position: query first step, query nested step, form first step, form nested step.
        fileprivate let steps: UnsafePointer<Step>

        /// The field index written at `position` (in wire order).
        @inline(__always)
        func field(at position: Int) -> Int { order[position] }

        /// The name steps of one kind, the one of position `p` at `4 * p`: the first step of a name or one
        /// after a prefix, with a space as `+` (form bodies) or `%20`. A loop over the fields picks the kind
        /// once.
        @inline(__always)
        func steps(spaceAsPlus: Bool, nested: Bool) -> UnsafePointer<Step> {
            steps + ((spaceAsPlus ? 2 : 0) &+ (nested ? 1 : 0))
        }
    }

    /// The type the plan is for.
    let type: ObjectIdentifier
    /// The fields, their order and their names.
    let layout: Layout
    private let order: UnsafeMutablePointer<Int>
    private let steps: UnsafeMutablePointer<Step>
    private let bytes: UnsafeMutablePointer<UInt8>

    init(type: ObjectIdentifier, names: [String], context: QueryEncodingContext) {
        self.type = type
        let wire = names.map { context.wireKey($0) }
        let count = wire.count
        // A stable insertion sort by `String <`, as `QueryTreeWalker.sortIfNeeded` sorts entries.
        var sorted = Array(wire.indices)
        for index in sorted.indices.dropFirst() {
            var position = index
            while position > 0, wire[sorted[position]] < wire[sorted[position - 1]] {
                sorted.swapAt(position, position - 1)
                position -= 1
            }
        }
        let dots = context.options.objects == .dots
        var text = QueryByteWriter(capacity: 64)
        defer { text.deallocate() }
        var offsets: [(start: Int, end: Int)] = []
        offsets.reserveCapacity(count * 4)
        for field in sorted {
            for table in [QueryEscapeTable.query, QueryEscapeTable.form] {
                var start = text.count
                text.appendEscaped(wire[field], table: table)
                offsets.append((start, text.count))
                start = text.count
                if dots {
                    text.append(UInt8(ascii: "."))
                    text.appendEscaped(wire[field], table: table)
                } else {
                    text.appendOpenBracket()
                    text.appendEscaped(wire[field], table: table)
                    text.appendCloseBracket()
                }
                offsets.append((start, text.count))
            }
        }
        bytes = .allocate(capacity: max(text.count, 1))
        bytes.update(from: text.base, count: text.count)
        order = .allocate(capacity: max(count, 1))
        for (position, field) in sorted.enumerated() { order[position] = field }
        steps = .allocate(capacity: max(offsets.count, 1))
        for (index, offset) in offsets.enumerated() {
            (steps + index).initialize(to: Step(start: UnsafePointer(bytes + offset.start), count: offset.end - offset.start))
        }
        layout = Layout(count: count, isUsable: Set(wire).count == count, writesInOrder: sorted.elementsEqual(wire.indices),
                        order: UnsafePointer(order), steps: UnsafePointer(steps))
    }

    deinit {
        bytes.deallocate()
        order.deallocate()
        steps.deallocate()
    }
}
