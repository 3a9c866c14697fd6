import Foundation

/// The integer fallbacks shared by the container helpers and the property wrappers, independent of the
/// decoder underneath (Foundation's `JSONDecoder`, `FlexibleJSONDecoder`, a plist decoder, …).
@usableFromInline
enum FlexibleIntegerConversion {
    /// Int → numeric String → integral number → throw, on a single value.
    ///
    /// An integral number is read as `Decimal` first, which JSON decoders fill from the number's digits, so
    /// `-9223372036854775809` or `9007199254740993.0` are judged by their exact value; only a decoder that
    /// cannot produce a `Decimal` (a property list, say) falls back to `Double`.
    @usableFromInline
    static func decode<T: FixedWidthInteger & Decodable>(
        _: T.Type, from container: any SingleValueDecodingContainer, policy: FractionalIntegerPolicy
    ) throws -> T {
        if container.decodeNil() {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: container.codingPath, debugDescription: "Expected \(T.self) value but found null instead."))
        }
        if let value = try? ConcreteIntegerDecoding.decode(T.self, from: container) { return value }
        if let text = try? container.decode(String.self) {
            return try integer(T.self, fromString: text, codingPath: container.codingPath, policy: policy)
        }
        if let number = try? container.decode(Decimal.self) {
            return try integer(T.self, fromDecimal: number, codingPath: container.codingPath, policy: policy)
        }
        if let number = try? container.decode(Double.self) {
            return try integer(T.self, fromDouble: number, codingPath: container.codingPath, policy: policy)
        }
        throw DecodingError.typeMismatch(T.self, DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription: "Expected \(T.self), a numeric string or an integral number, but found another kind of value."))
    }

    /// Parses a numeric string exactly (no trip through `Double`). The coding path is built only for an
    /// error (building it costs an array per value on most decoders).
    @usableFromInline
    static func integer<T: FixedWidthInteger>(
        _: T.Type, fromString text: String, codingPath: @autoclosure () -> [any CodingKey], policy: FractionalIntegerPolicy
    ) throws -> T {
        var text = text
        var failure: NumericText.IntegerFailure?
        let value = text.withUTF8 { bytes -> T in
            do throws(NumericText.IntegerFailure) {
                return try concreteInteger(T.self, bytes, policy: policy)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw error(failure, T.self, shown: "string \"\(text)\"", codingPath: codingPath()) }
        return value
    }

    /// `NumericText.integer` (lenient) called with the concrete type when `T` is a standard integer, so
    /// the parse is specialized rather than run through generic witnesses per digit. Each
    /// `unsafeBitCast` runs only after `T.self ==` proved the two types identical. It throws rather than
    /// returning a `Result<T, …>`: in this generic code that type's metadata is a run-time lookup per call.
    private static func concreteInteger<T: FixedWidthInteger>(
        _: T.Type, _ text: UnsafeBufferPointer<UInt8>, policy: FractionalIntegerPolicy
    ) throws(NumericText.IntegerFailure) -> T {
        if T.self == Int.self { return unsafeBitCast(try NumericText.integer(Int.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try NumericText.integer(Int64.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try NumericText.integer(Int32.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try NumericText.integer(UInt64.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try NumericText.integer(UInt.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try NumericText.integer(UInt32.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try NumericText.integer(Int16.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try NumericText.integer(UInt16.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try NumericText.integer(Int8.self, text, lenient: true, policy: policy).get(), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try NumericText.integer(UInt8.self, text, lenient: true, policy: policy).get(), to: T.self) }
        return try otherInteger(T.self, text, policy: policy)
    }

    /// `NumericText.integer` for an integer type other than the standard ones. Kept out of `concreteInteger`:
    /// its `Result<T, …>` would otherwise make every call look up that type's metadata on entry.
    @inline(never)
    private static func otherInteger<T: FixedWidthInteger>(
        _: T.Type, _ text: UnsafeBufferPointer<UInt8>, policy: FractionalIntegerPolicy
    ) throws(NumericText.IntegerFailure) -> T {
        try NumericText.integer(T.self, text, lenient: true, policy: policy).get()
    }

    /// Converts a `Decimal` exactly (through its plain-digit `description`, never through `Double`).
    static func integer<T: FixedWidthInteger>(
        _: T.Type, fromDecimal number: Decimal, codingPath: [any CodingKey], policy: FractionalIntegerPolicy
    ) throws -> T {
        var text = number.description
        let result = text.withUTF8 { NumericText.integer(T.self, $0, lenient: true, policy: policy) }
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw error(failure, T.self, shown: "number \(text)", codingPath: codingPath)
        }
    }

    /// Converts a `Double` that must be integral (or is truncated under `.truncating`) and in range.
    static func integer<T: FixedWidthInteger>(
        _: T.Type, fromDouble number: Double, codingPath: [any CodingKey], policy: FractionalIntegerPolicy
    ) throws -> T {
        guard number.isFinite else {
            throw error(.outOfRange, T.self, shown: "number \(number)", codingPath: codingPath)
        }
        let whole = number.rounded(.towardZero)
        if whole != number && policy == .reject {
            throw error(.fractional, T.self, shown: "number \(number)", codingPath: codingPath)
        }
        guard let value = T(exactly: whole) else {
            throw error(.outOfRange, T.self, shown: "number \(number)", codingPath: codingPath)
        }
        return value
    }

    /// The `DecodingError` for a failed conversion: a non-number is a type mismatch; a fraction or an
    /// out-of-range value is corrupted data.
    static func error(
        _ failure: NumericText.IntegerFailure, _ type: Any.Type, shown: String, codingPath: [any CodingKey]
    ) -> DecodingError {
        switch failure {
        case .notANumber:
            return .typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(type) but found \(shown), which is not a number."))
        case .fractional:
            return .dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected \(type) but found \(shown), which has a fractional part (FractionalIntegerPolicy.reject)."))
        case .outOfRange:
            return .dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Parsed \(shown) does not fit in \(type)."))
        }
    }
}
