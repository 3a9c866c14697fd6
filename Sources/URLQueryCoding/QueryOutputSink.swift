import Foundation

/// Where `QueryTreeWalker` writes: the percent-encoded wire form or unescaped `URLQueryItem`s.
/// The walker builds each name piece by piece and rewinds it with `rewindName(to:)`.
protocol QueryOutputSink {
    /// The length of the name being built (a mark for `rewindName(to:)`).
    var nameLength: Int { get }
    /// Where the current name begins: a `.flattened` key starts a new name without losing the outer one.
    var nameStart: Int { get set }
    /// Cuts the name back to a mark taken from `nameLength`.
    mutating func rewindName(to mark: Int)
    /// Appends a key as text, escaped as this sink needs.
    mutating func appendNameText(_ text: String)
    /// Appends an array index as decimal digits.
    mutating func appendIndex(_ index: Int)
    /// Appends `[` , `]`, or `.`, escaped as this sink needs.
    mutating func appendOpenBracket()
    mutating func appendCloseBracket()
    mutating func appendDot()
    /// The current name as bytes (to detect two values under one name).
    var currentName: [UInt8] { get }
    /// Writes one `name=value` pair with the current name.
    mutating func emit(_ value: String)
    /// `emit(_:)` for an integer value (its decimal digits).
    mutating func emit(integer value: Int)
    /// Writes `name<separator>key=value` without changing the name (the common case of a scalar
    /// property: no name bookkeeping).
    mutating func emitLeaf(key: String, separator: QueryKeySeparator, value: String)
    /// `emitLeaf(key:separator:value:)` for an integer value.
    mutating func emitLeaf(key: String, separator: QueryKeySeparator, integer value: Int)
    /// Writes `name[index]=value` without changing the name (a scalar array element).
    mutating func emitIndexedLeaf(index: Int, value: String)
    /// `emitIndexedLeaf(index:value:)` for an integer value.
    mutating func emitIndexedLeaf(index: Int, integer value: Int)
    /// Writes `name=v1<d>v2<d>v3` with the delimiter written in its wire form.
    mutating func emitJoined(_ values: [String], delimiter: UInt8)
}

/// What goes between the current name and a child key.
enum QueryKeySeparator {
    /// Nothing: the key starts the name (top level, or `.flattened`).
    case none
    /// `name[key]`.
    case brackets
    /// `name.key`.
    case dot
}

/// Writes the wire form: `%XX` escapes, `&` between pairs, a space as `%20` or (form bodies) `+`.
struct QueryWireSink: QueryOutputSink {
    private(set) var output: QueryByteWriter
    /// The name being built; allocated on first use (a flat object never needs one).
    private var nameWriter: QueryByteWriter?
    var nameStart = 0
    let spaceAsPlus: Bool
    /// `QueryEscapeTable.table(spaceAsPlus:)`, read once: each read of the lazy global calls `swift_once`.
    private let table: UnsafePointer<UInt8>

    /// A sink whose output starts in `buffer`, which must outlive it.
    private init(spaceAsPlus: Bool, buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.spaceAsPlus = spaceAsPlus
        table = QueryEscapeTable.table(spaceAsPlus: spaceAsPlus)
        output = QueryByteWriter(startingIn: buffer)
    }

    /// Runs `body` with a sink whose output starts in 1 KiB of stack memory: most queries fit, so they
    /// need no heap buffer besides the result's. (Up to 1 KiB is put on the stack outright; a larger
    /// block would first cost a runtime check.) The sink is freed when `body` returns.
    static func withSink<Result>(spaceAsPlus: Bool, _ body: (inout QueryWireSink) throws -> Result) throws -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            var sink = QueryWireSink(spaceAsPlus: spaceAsPlus, buffer: buffer)
            defer { sink.deallocate() }
            return try body(&sink)
        }
    }

    /// Frees both buffers; called once, when the encoder has taken its result.
    func deallocate() {
        output.deallocate()
        nameWriter?.deallocate()
    }

    private mutating func withName(_ body: (inout QueryByteWriter) -> Void) {
        var writer = nameWriter ?? QueryByteWriter(capacity: 64)
        body(&writer)
        nameWriter = writer
    }

    var nameLength: Int { nameWriter?.count ?? 0 }
    mutating func rewindName(to mark: Int) { nameWriter?.truncate(to: mark) }

    var currentName: [UInt8] {
        guard let nameWriter else { return [] }
        return Array(UnsafeBufferPointer(start: nameWriter.base + nameStart, count: nameWriter.count - nameStart))
    }

    mutating func appendNameText(_ text: String) {
        let table = table
        withName { $0.appendEscaped(text, table: table) }
    }

    mutating func appendIndex(_ index: Int) { withName { $0.appendDecimal(index) } }
    mutating func appendOpenBracket() { withName { $0.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B")) } }
    mutating func appendCloseBracket() { withName { $0.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D")) } }
    mutating func appendDot() { withName { $0.append(UInt8(ascii: ".")) } }

    @inline(__always)
    private mutating func beginPair() {
        if !output.isEmpty { output.append(UInt8(ascii: "&")) }
        if let nameWriter { output.append(from: nameWriter, range: nameStart..<nameWriter.count) }
    }

    mutating func emit(_ value: String) {
        beginPair()
        output.append(UInt8(ascii: "="))
        output.appendEscaped(value, table: table)
    }

    mutating func emit(integer value: Int) {
        beginPair()
        output.append(UInt8(ascii: "="))
        output.appendInteger(value)
    }

    mutating func emitLeaf(key: String, separator: QueryKeySeparator, value: String) {
        beginLeaf(key: key, separator: separator)
        output.appendEscaped(value, table: table)
    }

    mutating func emitLeaf(key: String, separator: QueryKeySeparator, integer value: Int) {
        beginLeaf(key: key, separator: separator)
        output.appendInteger(value)
    }

    /// Writes `&name<separator>key=`, ready for the value.
    @inline(__always)
    private mutating func beginLeaf(key: String, separator: QueryKeySeparator) {
        beginPair()
        switch separator {
        case .none:
            output.appendEscaped(key, table: table)
        case .brackets:
            output.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B"))
            output.appendEscaped(key, table: table)
            output.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D"))
        case .dot:
            output.append(UInt8(ascii: "."))
            output.appendEscaped(key, table: table)
        }
        output.append(UInt8(ascii: "="))
    }

    mutating func emitIndexedLeaf(index: Int, value: String) {
        beginIndexedLeaf(index: index)
        output.appendEscaped(value, table: table)
    }

    mutating func emitIndexedLeaf(index: Int, integer value: Int) {
        beginIndexedLeaf(index: index)
        output.appendInteger(value)
    }

    /// Writes `&name[index]=`, ready for the value.
    @inline(__always)
    private mutating func beginIndexedLeaf(index: Int) {
        beginPair()
        output.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B"))
        output.appendDecimal(index)
        output.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D"))
        output.append(UInt8(ascii: "="))
    }

    mutating func emitJoined(_ values: [String], delimiter: UInt8) {
        beginPair()
        output.append(UInt8(ascii: "="))
        for (index, value) in values.enumerated() {
            if index > 0 {
                // A comma is a sub-delimiter and travels as is (`tags=a,b`); `|` and space are escaped.
                if delimiter == UInt8(ascii: ",") {
                    output.append(delimiter)
                } else if delimiter == UInt8(ascii: " ") && spaceAsPlus {
                    output.append(UInt8(ascii: "+"))
                } else {
                    output.append(UInt8(ascii: "%"), PercentEncoding.hexDigit(delimiter &>> 4), PercentEncoding.hexDigit(delimiter & 0x0F))
                }
            }
            output.appendEscaped(value, table: table)
        }
    }
}

/// Collects unescaped `URLQueryItem`s.
struct QueryItemSink: QueryOutputSink {
    var items: [URLQueryItem] = []
    private var prefix: [UInt8] = []
    var nameStart = 0

    var nameLength: Int { prefix.count }
    mutating func rewindName(to mark: Int) { prefix.removeSubrange(mark...) }
    var currentName: [UInt8] { Array(prefix[nameStart...]) }
    mutating func appendIndex(_ index: Int) { prefix.append(contentsOf: String(index).utf8) }

    mutating func appendNameText(_ text: String) { prefix.append(contentsOf: text.utf8) }
    mutating func appendOpenBracket() { prefix.append(UInt8(ascii: "[")) }
    mutating func appendCloseBracket() { prefix.append(UInt8(ascii: "]")) }
    mutating func appendDot() { prefix.append(UInt8(ascii: ".")) }

    private var name: String { String(decoding: prefix[nameStart...], as: UTF8.self) }

    mutating func emit(_ value: String) {
        items.append(URLQueryItem(name: name, value: value))
    }

    mutating func emit(integer value: Int) { emit(String(value)) }

    mutating func emitLeaf(key: String, separator: QueryKeySeparator, value: String) {
        let name: String
        switch separator {
        case .none: name = key
        case .brackets: name = self.name + "[" + key + "]"
        case .dot: name = self.name + "." + key
        }
        items.append(URLQueryItem(name: name, value: value))
    }

    mutating func emitLeaf(key: String, separator: QueryKeySeparator, integer value: Int) {
        emitLeaf(key: key, separator: separator, value: String(value))
    }

    mutating func emitIndexedLeaf(index: Int, value: String) {
        items.append(URLQueryItem(name: name + "[" + String(index) + "]", value: value))
    }

    mutating func emitIndexedLeaf(index: Int, integer value: Int) {
        emitIndexedLeaf(index: index, value: String(value))
    }

    mutating func emitJoined(_ values: [String], delimiter: UInt8) {
        items.append(URLQueryItem(name: name, value: values.joined(separator: String(UnicodeScalar(delimiter)))))
    }
}
