import Testing
@testable import CourierSockets

/// Hex text for byte fixtures: pairs of hex digits, spaces ignored.
enum Hex {
    static func bytes(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") })
        precondition(digits.count.isMultiple(of: 2), "odd hex digits in \(text)")
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static func string(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

extension HPACKHeaderField {
    /// A field from `"name: value"`-like pairs in fixtures.
    init(_ name: String, _ value: String, neverIndexed: Bool = false) {
        self.init(name: name, value: value, neverIndexed: neverIndexed)
    }
}

extension HPACKDecoder {
    /// The dynamic table's entries as `name: value`, newest first.
    var dynamicEntries: [String] {
        (0..<table.count).map { "\(table[$0 + 1].field.name): \(table[$0 + 1].field.value)" }
    }
}

/// The error `body` throws (nil when it returns; an issue when it is not an `HPACKError`).
func hpackError(_ body: () throws -> Void) -> HPACKError? {
    do {
        try body()
        return nil
    } catch let error as HPACKError {
        return error
    } catch {
        Issue.record("an untyped error: \(error)")
        return nil
    }
}
