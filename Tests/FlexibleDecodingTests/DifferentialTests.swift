import Foundation
import Testing
@testable import FlexibleDecoding

/// Any JSON value, decoded by trying each kind in turn — used to compare what two decoders accept.
indirect enum AnyJSON: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Double.self) { self = .number(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
        }
        if let value = try? decoder.singleValueContainer().decode([AnyJSON].self) { self = .array(value); return }
        self = .object(try decoder.singleValueContainer().decode([String: AnyJSON].self))
    }
}

/// Random documents and byte-level mutations of them: `FlexibleJSONDecoder` (strict settings) must accept
/// exactly what `JSONDecoder` accepts, and produce the same values.
@Suite("Differential against JSONDecoder")
struct DifferentialTests {
    static func strict() -> FlexibleJSONDecoder {
        var decoder = FlexibleJSONDecoder()
        decoder.numberDecodingStrategy = .strict
        decoder.boolDecodingStrategy = .strict
        return decoder
    }

    static func randomDocument(_ random: inout SplitMix64, depth: Int = 0) -> String {
        let pick = random.next() % (depth > 3 ? 4 : 6)
        switch pick {
        case 0: return ["null", "true", "false"][Int(random.next() % 3)]
        case 1: return ["0", "-0", "1", "-12", "3.25", "1e3", "-2.5E-3", "123456789", "0.1", "1E+2"][Int(random.next() % 10)]
        case 2, 3:
            let pieces = ["a", "é", "\\n", "\\\"", "\\u0041", "\\ud83d\\ude00", " ", "日本", "\\/", "\\\\", "x"]
            let count = Int(random.next() % 5)
            return "\"" + (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() + "\""
        case 4:
            let count = Int(random.next() % 4)
            return "[" + (0..<count).map { _ in randomDocument(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let count = Int(random.next() % 4)
            return "{" + (0..<count).map { "\"k\($0)\" : " + randomDocument(&random, depth: depth + 1) }.joined(separator: ", ") + "}"
        }
    }

    /// Deliberate differences from `JSONDecoder`:
    /// - invalid UTF-8 inside strings is an error here (`JSONDecoder` silently replaces it with U+FFFD);
    /// - `0e1`/`0E1` are valid JSON numbers (RFC 8259 grammar), which `JSONDecoder` rejects;
    /// - a malformed number is an error even where no value is decoded from it (see the test body).
    static func isKnownDifference(_ bytes: [UInt8]) -> Bool {
        if String(bytes: bytes, encoding: .utf8) == nil { return true }
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "0") && bytes[index + 1] | 0x20 == UInt8(ascii: "e") {
            if index == 0 || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: ".") {
                return true
            }
        }
        return false
    }

    @Test func doubleUnderflowIsAnErrorLikeJSONDecoder() {
        #expect(decodingFailure { _ = try flexible([Double].self, "[-2.5E-643]") }?.kind == .dataCorrupted)
        #expect(decodingFailure { _ = try foundation([Double].self, "[-2.5E-643]") }?.kind == .dataCorrupted)
        #expect((try? flexible([Double].self, "[0.0e-999, 4.9e-324]")) == [0, .leastNonzeroMagnitude])
    }

    @Test func zeroWithExponentIsValidJSON() throws {
        #expect(try flexible([Double].self, "[0e1, 0E-2, -0e+3]") == [0, 0, 0])
    }

    @Test func utf16AndUTF32InputIsTranscodedLikeJSONDecoder() throws {
        let json = #"{"userId":"7","name":"kim 😀"}"#
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf16, .utf32BigEndian, .utf32LittleEndian, .utf32] {
            let data = try #require(json.data(using: encoding))
            #expect(try FlexibleJSONDecoder().decode(UserDTO.self, from: data) == UserDTO(userId: 7, name: "kim 😀"), "\(encoding)")
        }
        #expect(try FlexibleJSONDecoder().decode(Int.self, from: Data([0x00, 0x31])) == 1)
    }

    @Test func validDocumentsDecodeIdentically() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let json = Data(Self.randomDocument(&random).utf8)
            let ours = try Self.strict().decode(AnyJSON.self, from: json)
            let theirs = try JSONDecoder().decode(AnyJSON.self, from: json)
            #expect(ours == theirs, "\(String(decoding: json, as: UTF8.self))")
        }
    }

    @Test func mutatedDocumentsAreAcceptedAndRejectedAlike() {
        var random = SplitMix64(seed: 11)
        let interesting: [UInt8] = Array(#"{}[]":,-+.eE0123456789 \u"#.utf8) + [0x00, 0x0A, 0xFF, 0xC3, 0xA9, 0x80]
        var disagreements: [String] = []
        for _ in 0..<3_000 {
            var bytes = Array(Self.randomDocument(&random).utf8)
            for _ in 0..<(1 + Int(random.next() % 2)) {
                let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
                let byte = interesting[Int(random.next() % UInt64(interesting.count))]
                switch random.next() % 3 {
                case 0 where !bytes.isEmpty: bytes[position] = byte
                case 1 where !bytes.isEmpty: bytes.remove(at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            let ours: AnyJSON?
            var ourParseError: JSONParseError?
            do {
                ours = try Self.strict().decode(AnyJSON.self, from: Data(bytes))
            } catch {
                ours = nil
                if case DecodingError.dataCorrupted(let context) = error { ourParseError = context.underlyingError as? JSONParseError }
            }
            let theirs = try? JSONDecoder().decode(AnyJSON.self, from: Data(bytes))
            // JSONDecoder checks number syntax only for values it decodes; we check the whole document.
            let lazyNumberCheck = theirs != nil && ourParseError?.reason == .invalidNumber
            if ours != theirs && !lazyNumberCheck && !Self.isKnownDifference(bytes) { disagreements.append(String(decoding: bytes, as: UTF8.self) + " \(bytes)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).joined(separator: "\n"))")
    }
}
