import Foundation

/// The floor `courier-bench query` measures `URLQueryEncoder` against: for each model, the encoder one
/// would write by hand with no library and no care for anything but speed. It writes UTF-8 bytes
/// straight into a `String`'s own buffer (`String(unsafeUninitializedCapacity:)`, sized for the worst
/// case first), with every key already percent-encoded in the source, values escaped through a 128-bit
/// lookup table and integers written digit by digit. It produces exactly Courier's bytes (checked
/// before anything is timed).
enum QueryFloor {
    typealias Flat = QueryBenchmarks.Flat
    typealias Nested = QueryBenchmarks.Nested
    typealias Bulk = QueryBenchmarks.Bulk
    typealias Order = QueryBenchmarks.Order

    static func flat(_ model: Flat) -> String {
        let capacity = 160 + 3 * (model.email.utf8.count + model.name.utf8.count + model.query.utf8.count + model.sort.utf8.count)
        return build(capacity: capacity) { out in
            out.raw("active=")
            out.raw(model.active ? "true" : "false")
            out.raw("&email=")
            out.escaped(model.email)
            out.raw("&id=")
            out.integer(model.id)
            out.raw("&name=")
            out.escaped(model.name)
            out.raw("&page=")
            out.integer(model.page)
            out.raw("&query=")
            out.escaped(model.query)
            out.raw("&score=")
            out.escaped(model.score.description)
            out.raw("&sort=")
            out.escaped(model.sort)
        }
    }

    static func nested(_ model: Nested) -> String {
        let filter = model.filter
        var capacity = 256 + 3 * model.query.utf8.count
        capacity += filter.categories.count * 60
        for tag in filter.tags { capacity += 40 + 3 * tag.utf8.count }
        for sort in model.sort { capacity += 40 + 3 * sort.utf8.count }
        return build(capacity: capacity) { out in
            for (index, category) in filter.categories.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: "&")) }
                out.raw("filter%5Bcategories%5D%5B")
                out.integer(index)
                out.raw("%5D=")
                out.integer(category)
            }
            out.raw("&filter%5Bprice%5D%5Bmax%5D=")
            out.escaped(filter.price.max.description)
            out.raw("&filter%5Bprice%5D%5Bmin%5D=")
            out.escaped(filter.price.min.description)
            out.raw("&filter%5Bsince%5D=")
            out.iso8601(filter.since)
            for (index, tag) in filter.tags.enumerated() {
                out.raw("&filter%5Btags%5D%5B")
                out.integer(index)
                out.raw("%5D=")
                out.escaped(tag)
            }
            out.raw("&page%5Bnumber%5D=")
            out.integer(model.page.number)
            out.raw("&page%5Bsize%5D=")
            out.integer(model.page.size)
            out.raw("&query=")
            out.escaped(model.query)
            for (index, sort) in model.sort.enumerated() {
                out.raw("&sort%5B")
                out.integer(index)
                out.raw("%5D=")
                out.escaped(sort)
            }
        }
    }

    static func ids(_ model: Bulk) -> String {
        build(capacity: model.ids.count * 52) { out in
            for (index, id) in model.ids.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: "&")) }
                out.raw("ids%5B")
                out.integer(index)
                out.raw("%5D=")
                out.integer(id)
            }
        }
    }

    static func order(_ model: Order) -> String {
        var capacity = 0
        for item in model.items { capacity += 230 + 3 * item.name.utf8.count }
        return build(capacity: capacity) { out in
            for (index, item) in model.items.enumerated() {
                if index > 0 { out.byte(UInt8(ascii: "&")) }
                out.raw("items%5B")
                out.integer(index)
                out.raw("%5D%5Bactive%5D=")
                out.raw(item.active ? "true" : "false")
                out.raw("&items%5B")
                out.integer(index)
                out.raw("%5D%5Bid%5D=")
                out.integer(item.id)
                out.raw("&items%5B")
                out.integer(index)
                out.raw("%5D%5Bname%5D=")
                out.escaped(item.name)
                out.raw("&items%5B")
                out.integer(index)
                out.raw("%5D%5Bquantity%5D=")
                out.integer(item.quantity)
            }
        }
    }

    /// A `String` of at most `capacity` UTF-8 bytes written by `body` in place.
    @inline(__always)
    private static func build(capacity: Int, _ body: (inout Writer) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            // `capacity` is never 0 here, so the buffer has a base address.
            let start = buffer.baseAddress!
            var writer = Writer(cursor: start)
            body(&writer)
            return writer.cursor - start
        }
    }

    /// Writes into a buffer the caller sized for the worst case, so no write checks for room.
    struct Writer {
        var cursor: UnsafeMutablePointer<UInt8>

        /// RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`) as two 64-bit masks.
        private static let lowMask: UInt64 = 0x03FF_6000_0000_0000
        private static let highMask: UInt64 = 0x47FF_FFFE_87FF_FFFE

        @inline(__always)
        mutating func byte(_ value: UInt8) {
            cursor.pointee = value
            cursor += 1
        }

        /// Text already in its wire form (a key escaped by hand, `true`).
        @inline(__always)
        mutating func raw(_ text: StaticString) {
            let count = text.utf8CodeUnitCount
            cursor.update(from: text.utf8Start, count: count)
            cursor += count
        }

        @inline(__always)
        mutating func escaped(_ text: String) {
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { escaped($0) }
            if done == nil { for value in text.utf8 { escaped(value) } }
        }

        @inline(__always)
        private mutating func escaped(_ source: UnsafeBufferPointer<UInt8>) {
            for value in source { escaped(value) }
        }

        @inline(__always)
        private mutating func escaped(_ value: UInt8) {
            let mask = value < 64 ? Self.lowMask : Self.highMask
            if value < 128, (mask >> UInt64(value & 63)) & 1 != 0 {
                byte(value)
            } else {
                cursor[0] = UInt8(ascii: "%")
                cursor[1] = Self.hex(value >> 4)
                cursor[2] = Self.hex(value & 15)
                cursor += 3
            }
        }

        @inline(__always)
        private static func hex(_ nibble: UInt8) -> UInt8 {
            nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
        }

        /// Decimal digits, written from the last one back.
        @inline(__always)
        mutating func integer(_ value: Int) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            var remaining = value.magnitude
            var digits = 1
            var probe = remaining
            while probe >= 10 {
                probe /= 10
                digits += 1
            }
            cursor += digits
            var position = cursor
            repeat {
                position -= 1
                position.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            } while remaining > 0
        }

        /// `2024-05-01T12%3A30%3A00.250Z`: ISO-8601 in UTC with milliseconds, `:` escaped.
        mutating func iso8601(_ date: Date) {
            let milliseconds = Int((date.timeIntervalSinceReferenceDate * 1000).rounded()) + 978_307_200_000
            let days = milliseconds / 86_400_000
            let inDay = milliseconds % 86_400_000
            // Civil date from days since 1970 (Howard Hinnant's algorithm).
            let z = days + 719_468
            let era = z / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let shiftedMonth = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
            let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
            let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            fixed(year, digits: 4)
            byte(UInt8(ascii: "-"))
            fixed(month, digits: 2)
            byte(UInt8(ascii: "-"))
            fixed(day, digits: 2)
            byte(UInt8(ascii: "T"))
            fixed(inDay / 3_600_000, digits: 2)
            raw("%3A")
            fixed(inDay / 60_000 % 60, digits: 2)
            raw("%3A")
            fixed(inDay / 1000 % 60, digits: 2)
            byte(UInt8(ascii: "."))
            fixed(inDay % 1000, digits: 3)
            byte(UInt8(ascii: "Z"))
        }

        /// Exactly `digits` decimal digits, zero-padded.
        @inline(__always)
        private mutating func fixed(_ value: Int, digits: Int) {
            var remaining = value
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                cursor[offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            cursor += digits
        }
    }
}
