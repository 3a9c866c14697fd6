import Foundation

/// Exact conversions from number text (a JSON number, or a numeric string sent by a server) to Swift
/// numbers. Integers never pass through `Double`, so `Int64`/`UInt64` keep every digit.
enum NumericText {
    /// Why text could not become an integer.
    enum IntegerFailure: Error {
        /// Not a number at all (`"12abc"`, `""`, `" 12"`, `"0x1F"`).
        case notANumber
        /// A non-zero fraction under `FractionalIntegerPolicy.reject`.
        case fractional
        /// Outside the range of the target type (`1e20` into `Int`, `-1` into `UInt`).
        case outOfRange
    }

    /// The longest integer text ``shortInteger(_:)`` reads: 18 characters (17 digits and a sign, or 18
    /// digits) always fit in an `Int64`.
    static var shortIntegerLength: Int { 18 }

    /// The value of a JSON number node's text that has no fraction or exponent and at most
    /// ``shortIntegerLength`` characters: an optional `-`, then digits (the parser checked the grammar).
    /// Accumulates without overflow checks, which that length makes unnecessary.
    @inline(__always)
    static func shortInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64 {
        var index = 0
        let negative = text.count > 0 && text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: Int64 = 0
        while index < text.count {
            value = value &* 10 &+ Int64(text[index] &- UInt8(ascii: "0"))
            index += 1
        }
        return negative ? 0 &- value : value
    }

    /// Parses `text` as an integer of type `T`.
    ///
    /// Accepted forms: the JSON number grammar (`-12`, `12.0`, `1.2e3`); with `lenient` (numeric strings)
    /// also a leading `+` and leading zeros (`"+7"`, `"007"`), as `Int("007")` would. Whitespace, hex,
    /// `inf`/`nan` and empty text are not numbers. `1.5e1` is 15 — the value decides, not the spelling.
    static func integer<T: FixedWidthInteger>(
        _: T.Type, _ text: UnsafeBufferPointer<UInt8>, lenient: Bool, policy: FractionalIntegerPolicy
    ) -> Result<T, IntegerFailure> {
        let count = text.count
        guard count > 0 else { return .failure(.notANumber) }
        var index = 0
        var negative = false
        if text[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        } else if lenient && text[0] == UInt8(ascii: "+") {
            index = 1
        }
        let integerStart = index
        // Fast path: plain digits, accumulated directly.
        var value: T = 0
        var overflow = false
        while index < count {
            let digit = text[index] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            if !overflow { overflow = accumulate(&value, digit, negative: negative) }
            index += 1
        }
        let integerEnd = index
        guard integerEnd > integerStart else { return .failure(.notANumber) }
        if !lenient && text[integerStart] == UInt8(ascii: "0") && integerEnd - integerStart > 1 {
            return .failure(.notANumber)
        }
        if index == count {
            if overflow { return .failure(.outOfRange) }
            return finish(value, negative: negative)
        }
        return slowInteger(T.self, text, integerStart: integerStart, integerEnd: integerEnd,
                           negative: negative, policy: policy)
    }

    /// Numbers with a fraction and/or exponent: value = digits × 10^scale, computed exactly.
    private static func slowInteger<T: FixedWidthInteger>(
        _: T.Type, _ text: UnsafeBufferPointer<UInt8>, integerStart: Int, integerEnd: Int, negative: Bool,
        policy: FractionalIntegerPolicy
    ) -> Result<T, IntegerFailure> {
        let count = text.count
        var index = integerEnd
        var fractionStart = index
        var fractionEnd = index
        if text[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < count && text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            fractionEnd = index
            guard fractionEnd > fractionStart else { return .failure(.notANumber) }
        }
        var exponent = 0
        if index < count && text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < count && text[index] &- UInt8(ascii: "0") < 10 {
                // Saturate: anything past a million digits of exponent is out of every integer's range.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(text[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            guard index > exponentStart else { return .failure(.notANumber) }
            if exponentNegative { exponent = -exponent }
        }
        guard index == count else { return .failure(.notANumber) }

        let integerCount = integerEnd - integerStart
        let totalDigits = integerCount + (fractionEnd - fractionStart)
        @inline(__always) func digit(_ position: Int) -> UInt8 {
            position < integerCount
                ? text[integerStart + position] &- UInt8(ascii: "0")
                : text[fractionStart + position - integerCount] &- UInt8(ascii: "0")
        }
        // How many of the digits sit before the decimal point once the exponent is applied.
        let wholeDigits = totalDigits + exponent - (fractionEnd - fractionStart)
        let keptDigits = max(0, min(totalDigits, wholeDigits))
        if policy == .reject {
            for position in keptDigits..<totalDigits where digit(position) != 0 {
                return .failure(.fractional)
            }
        }
        var value: T = 0
        for position in 0..<keptDigits where accumulate(&value, digit(position), negative: negative) {
            return .failure(.outOfRange)
        }
        if wholeDigits > totalDigits && value != 0 {
            for _ in 0..<(wholeDigits - totalDigits) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return .failure(.outOfRange) }
                value = product
            }
        }
        return finish(value, negative: negative)
    }

    /// `value = value * 10 ± digit`; returns `true` on overflow. Negative numbers accumulate downward so
    /// that `Int.min` is reachable.
    @inline(__always) private static func accumulate<T: FixedWidthInteger>(_ value: inout T, _ digit: UInt8, negative: Bool) -> Bool {
        let (product, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = negative && T.isSigned
            ? product.subtractingReportingOverflow(T(truncatingIfNeeded: digit))
            : product.addingReportingOverflow(T(truncatingIfNeeded: digit))
        value = sum
        return overflow1 || overflow2
    }

    /// Unsigned types accumulate the magnitude; a negative non-zero value does not fit them.
    @inline(__always) private static func finish<T: FixedWidthInteger>(_ value: T, negative: Bool) -> Result<T, IntegerFailure> {
        if negative && !T.isSigned && value != 0 { return .failure(.outOfRange) }
        return .success(value)
    }

    /// Whether `text` follows the number grammar (`lenient`: also a leading `+` and leading zeros).
    static func isNumber(_ text: UnsafeBufferPointer<UInt8>, lenient: Bool) -> Bool {
        switch integer(Int8.self, text, lenient: lenient, policy: .truncating) {
        case .success, .failure(.outOfRange), .failure(.fractional): return true
        case .failure(.notANumber): return false
        }
    }

    /// Whether the significand (the digits before any exponent) has a digit other than zero.
    private static func hasNonZeroDigit(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte | 0x20 == UInt8(ascii: "e") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// Parses number text (already known to follow the grammar) as the nearest `T`, by the same rules as
    /// ``double(_:)``: `nil` when it overflows to infinity or a non-zero number underflows to zero
    /// (`1e-46` is not a `Float`).
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_: T.Type, _ text: UnsafeBufferPointer<UInt8>) -> T? {
        if T.self == Double.self { return double(text).map { T($0) } }
        guard let value = T(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        if value == 0 && hasNonZeroDigit(text) { return nil }
        return value
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses number text (already known to follow the grammar) as the nearest `Double`. Uses an exact
    /// fast path when the digits fit 2^53 and the power of ten is exact; otherwise the C library.
    /// Returns `nil` for values that overflow to infinity.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let count = text.count
        var negative = false
        if index < count && (text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+")) {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var fast = true
        while index < count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) } else { fast = false }
            if mantissa != 0 { digits += 1 }
            index += 1
        }
        if index < count && text[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(digit); scale -= 1 } else { fast = false }
                if mantissa != 0 { digits += 1 }
                index += 1
            }
        }
        if index < count { fast = false }  // exponent: leave it to the C library
        if fast && mantissa <= 1 << 53 && scale >= -22 {
            let magnitude = Double(mantissa) / powersOfTen[-scale]
            return negative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        // Like `JSONDecoder`: a non-zero number that underflows to zero does not fit in a Double.
        if value == 0 && hasNonZeroDigit(text) { return nil }
        return value
    }
}
