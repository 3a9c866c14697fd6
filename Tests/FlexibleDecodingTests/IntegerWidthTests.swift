import Foundation
import Testing
@testable import FlexibleDecoding

/// Every integer width: its bounds decode exactly (as numbers and as strings), one past them fails.
@Suite("Integer widths")
struct IntegerWidthTests {
    struct Width: Sendable, CustomStringConvertible {
        let name: String
        let min: String
        let max: String
        let belowMin: String
        let aboveMax: String
        /// Decodes `[min, max]` from `json` and returns their descriptions.
        let decodeBounds: @Sendable (String, FlexibleJSONDecoder) throws -> [String]
        /// Decodes one value; used for the failures.
        let decodeOne: @Sendable (String, FlexibleJSONDecoder) throws -> Void
        /// Decodes through the container helpers with Foundation's `JSONDecoder`.
        let decodeWithHelper: @Sendable (String) throws -> String
        var description: String { name }

        static func make<T: FixedWidthInteger & Codable & Sendable>(_: T.Type) -> Width {
            let min = String(T.min)
            let max = String(T.max)
            // |min| + 1 and max + 1, computed on decimal text so no wider type is needed.
            let belowMin = T.isSigned ? "-" + incremented(String(min.dropFirst())) : "-1"
            let aboveMax = incremented(max)
            return Width(
                name: "\(T.self)", min: min, max: max, belowMin: belowMin, aboveMax: aboveMax,
                decodeBounds: { json, decoder in try decoder.decode([T].self, from: Data(json.utf8)).map(String.init) },
                decodeOne: { json, decoder in _ = try decoder.decode(Box<T>.self, from: Data(json.utf8)) },
                decodeWithHelper: { json in String(try JSONDecoder().decode(HelperBox<T>.self, from: Data(json.utf8)).value) })
        }
    }

    /// `text` (decimal digits) plus one.
    static func incremented(_ text: String) -> String {
        var digits = Array(text.utf8)
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                digits[index] += 1
                return String(decoding: digits, as: UTF8.self)
            }
        }
        return "1" + String(decoding: digits, as: UTF8.self)
    }

    /// Uses `decodeIntegerFlexible(_:forKey:)` in a hand-written `init(from:)`.
    struct HelperBox<T: FixedWidthInteger & Decodable>: Decodable {
        let value: T
        enum CodingKeys: CodingKey { case value }
        init(from decoder: any Decoder) throws {
            value = try decoder.container(keyedBy: CodingKeys.self).decodeIntegerFlexible(T.self, forKey: .value)
        }
    }

    static let widths: [Width] = [
        .make(Int8.self), .make(Int16.self), .make(Int32.self), .make(Int64.self), .make(Int.self),
        .make(UInt8.self), .make(UInt16.self), .make(UInt32.self), .make(UInt64.self), .make(UInt.self),
    ]

    @Test(arguments: widths)
    func boundsAsNumbers(width: Width) throws {
        #expect(try width.decodeBounds("[\(width.min),\(width.max)]", FlexibleJSONDecoder()) == [width.min, width.max])
    }

    @Test(arguments: widths)
    func boundsAsStrings(width: Width) throws {
        #expect(try width.decodeBounds(#"["\#(width.min)","\#(width.max)"]"#, FlexibleJSONDecoder()) == [width.min, width.max])
    }

    @Test(arguments: widths)
    func boundsAsIntegralDecimals(width: Width) throws {
        #expect(try width.decodeBounds("[\(width.min).0,\(width.max).00]", FlexibleJSONDecoder()) == [width.min, width.max])
    }

    @Test(arguments: widths)
    func onePastTheBoundsIsDataCorrupted(width: Width) {
        for json in [width.belowMin, width.aboveMax, "\"\(width.belowMin)\"", "\"\(width.aboveMax)\""] {
            let failure = decodingFailure { try width.decodeOne(#"{"value":\#(json)}"#, FlexibleJSONDecoder()) }
            #expect(failure?.kind == .dataCorrupted, "\(json)")
            #expect(failure?.path == ["value"], "\(json)")
        }
    }

    @Test(arguments: widths)
    func containerHelperWithFoundationDecoder(width: Width) throws {
        #expect(try width.decodeWithHelper(#"{"value":"\#(width.max)"}"#) == width.max)
        #expect(try width.decodeWithHelper(#"{"value":\#(width.min)}"#) == width.min)
        let failure = decodingFailure { _ = try width.decodeWithHelper(#"{"value":"\#(width.aboveMax)"}"#) }
        #expect(failure?.kind == .dataCorrupted)
        #expect(failure?.path == ["value"])
    }

    @Test func int64AndUInt64KeepFullPrecision() throws {
        // 2^53 + 1 cannot survive a trip through Double.
        #expect(try flexible([Int64].self, #"[9007199254740993, "9007199254740993", 9007199254740993.0]"#)
            == [9_007_199_254_740_993, 9_007_199_254_740_993, 9_007_199_254_740_993])
        #expect(try flexible([UInt64].self, #"[18446744073709551615, "18446744073709551615"]"#) == [.max, .max])
    }

    @Test func negativeOneIntoUnsignedIsAnError() {
        for json in ["-1", "\"-1\"", "-1.0"] {
            let failure = decodingFailure { _ = try flexible(Box<UInt>.self, #"{"value":\#(json)}"#) }
            #expect(failure?.kind == .dataCorrupted, "\(json)")
        }
        #expect((try? flexible(Box<UInt>.self, #"{"value":-0}"#).value) == 0)
    }
}

@Suite("128-bit integers")
struct Int128Tests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func int128AndUInt128KeepEveryDigit() throws {
        struct Wide: Decodable { let signed: Int128; let unsigned: UInt128; let optional: Int128?; let list: [UInt128] }
        let json = #"""
        {"signed":"-170141183460469231731687303715884105728","unsigned":340282366920938463463374607431768211455,
         "optional":"12","list":["1", 2.0]}
        """#
        let wide = try flexible(Wide.self, json)
        #expect(wide.signed == .min)
        #expect(wide.unsigned == .max)
        #expect(wide.optional == 12)
        #expect(wide.list == [1, 2])
        let failure = decodingFailure { _ = try flexible(Box<UInt128>.self, #"{"value":"340282366920938463463374607431768211456"}"#) }
        #expect(failure?.kind == .dataCorrupted)
    }

    /// The wrappers on Foundation's `JSONDecoder` parse a string into a type outside the standard ten
    /// (its own parse path), with every digit and the same errors.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func wrappersReadWideStringsOnJSONDecoder() throws {
        struct Wide: Decodable {
            @FlexibleInt var signed: Int128
            @FlexibleOptionalInt var unsigned: UInt128?
            @FlexibleIntArray var list: [Int128]
        }
        let json = #"""
        {"signed":"-170141183460469231731687303715884105728","unsigned":"340282366920938463463374607431768211455",
         "list":["1","-2","+3"]}
        """#
        let wide = try JSONDecoder().decode(Wide.self, from: Data(json.utf8))
        #expect(wide.signed == .min)
        #expect(wide.unsigned == .max)
        #expect(wide.list == [1, -2, 3])
        let tooLarge = decodingFailure {
            _ = try JSONDecoder().decode(Wide.self, from: Data(#"{"signed":"1","unsigned":"340282366920938463463374607431768211456","list":[]}"#.utf8))
        }
        #expect(tooLarge?.kind == .dataCorrupted)
        #expect(tooLarge?.path == ["unsigned"])
        let notANumber = decodingFailure {
            _ = try JSONDecoder().decode(Wide.self, from: Data(#"{"signed":"1","list":["4","x"]}"#.utf8))
        }
        #expect(notANumber?.kind == .typeMismatch)
        #expect(notANumber?.path == ["list", "Index 1"])
    }
}
