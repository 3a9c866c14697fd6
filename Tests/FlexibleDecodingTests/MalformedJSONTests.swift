import Foundation
import Testing
@testable import FlexibleDecoding

/// Malformed input is `DecodingError.dataCorrupted` with a `JSONParseError` (reason, offset, line,
/// column) underneath — never a crash or a stack overflow.
@Suite("Malformed JSON")
struct MalformedJSONTests {
    static func parseError(_ bytes: [UInt8], maximumDepth: Int = 512) -> JSONParseError? {
        var decoder = FlexibleJSONDecoder()
        decoder.maximumNestingDepth = maximumDepth
        do {
            _ = try decoder.decode(IgnoredValue.self, from: Data(bytes))
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            return context.underlyingError as? JSONParseError
        } catch {
            return nil
        }
    }

    static func parseError(_ json: String) -> JSONParseError? { parseError(Array(json.utf8)) }

    /// Accepts any JSON value without looking at it.
    struct IgnoredValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    @Test(arguments: [
        ("", JSONParseError.Reason.unexpectedEndOfInput, 0),
        ("   ", .unexpectedEndOfInput, 3),
        ("[1, 2", .unexpectedEndOfInput, 5),
        (#"{"a":"#, .unexpectedEndOfInput, 5),
        (#"{"a":1"#, .unexpectedEndOfInput, 6),
        (#"{"a"#, .unexpectedEndOfInput, 1),
        (#""abc"#, .unexpectedEndOfInput, 0),
        ("tru", .unexpectedEndOfInput, 3),
        ("[1] x", .trailingCharacters, 4),
        ("{} {}", .trailingCharacters, 3),
        ("[1,,]", .unexpectedCharacter(UInt8(ascii: ",")), 3),
        ("[,]", .unexpectedCharacter(UInt8(ascii: ",")), 1),
        (#"{"a":1,,}"#, .unexpectedCharacter(UInt8(ascii: ",")), 7),
        ("{,}", .unexpectedCharacter(UInt8(ascii: ",")), 1),
        ("{a:1}", .unexpectedCharacter(UInt8(ascii: "a")), 1),
        ("[01]", .unexpectedCharacter(UInt8(ascii: "1")), 2),
        ("[1.]", .invalidNumber, 3),
        ("[-]", .invalidNumber, 2),
        ("[1e]", .invalidNumber, 3),
        ("[.5]", .unexpectedCharacter(UInt8(ascii: ".")), 1),
        ("[+1]", .unexpectedCharacter(UInt8(ascii: "+")), 1),
        ("[NaN]", .unexpectedCharacter(UInt8(ascii: "N")), 1),
        ("[nul]", .unexpectedCharacter(UInt8(ascii: "]")), 4),
        ("[True]", .unexpectedCharacter(UInt8(ascii: "T")), 1),
        (#"["a\x"]"#, .invalidEscapeSequence, 3),
        (#"["\u12G4"]"#, .invalidEscapeSequence, 2),
        (#"["\uD800"]"#, .unpairedSurrogate, 2),
        (#"["\uDC00\uD800"]"#, .unpairedSurrogate, 2),
        (#"["\uD800\u0041"]"#, .unpairedSurrogate, 2),
        ("[\"a\tb\"]", .controlCharacterInString, 3),
        ("[\"a\nb\"]", .controlCharacterInString, 3),
        ("[1 2]", .unexpectedCharacter(UInt8(ascii: "2")), 3),
        ("[1:2]", .unexpectedCharacter(UInt8(ascii: ":")), 2),
        ("'a'", .unexpectedCharacter(UInt8(ascii: "'")), 0),
    ])
    func syntaxErrors(json: String, reason: JSONParseError.Reason, offset: Int) {
        let error = Self.parseError(json)
        #expect(error?.reason == reason)
        #expect(error?.offset == offset)
    }

    @Test(arguments: [
        [0x5B, 0x22, 0xFF, 0x22, 0x5D],                   // lone 0xFF
        [0x5B, 0x22, 0xC3, 0x22, 0x5D],                   // truncated 2-byte sequence
        [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],             // overlong "/"
        [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],       // UTF-8 encoded surrogate
        [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], // above U+10FFFF
        [0x5B, 0x22, 0x80, 0x22, 0x5D],                   // stray continuation byte
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(Self.parseError(bytes)?.reason == .invalidUTF8)
    }

    @Test func nonASCIIAndEmbeddedZeroBytesOutsideStrings() {
        #expect(Self.parseError([0x5B, 0xC3, 0xA9, 0x5D])?.reason == .unexpectedCharacter(0xC3))
        #expect(Self.parseError([0x5B, 0x31, 0x00, 0x5D])?.reason == .unexpectedCharacter(0))
        #expect(Self.parseError([0x22, 0x61, 0x00, 0x22])?.reason == .controlCharacterInString)
    }

    @Test func lineAndColumn() {
        let error = Self.parseError("{\n  \"a\": 1,\n  \"b\": tru\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 11)
        #expect(error?.description.contains("line 3, column 11") == true)
    }

    @Test func tenThousandDeepArraysHitTheDepthLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = Self.parseError(deep)
        #expect(error?.reason == .nestingTooDeep(limit: 512))
        #expect(error?.offset == 512)
        let deepObjects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(Self.parseError(deepObjects)?.reason == .nestingTooDeep(limit: 512))
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let json = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(Self.parseError(json) == nil)
        #expect(Self.parseError(Array(("[" + json + "]").utf8))?.reason == .nestingTooDeep(limit: 512))
        #expect(Self.parseError(Array("[[[]]]".utf8), maximumDepth: 2)?.reason == .nestingTooDeep(limit: 2))
    }

    /// Foundation's `JSONDecoder` accepts one trailing comma; so does its drop-in replacement.
    @Test func singleTrailingCommaIsAcceptedLikeJSONDecoder() throws {
        #expect(try flexible([Int].self, "[1, 2 , ]") == [1, 2])
        #expect(try flexible(UserDTO.self, #"{"userId":1,"name":"kim",}"#) == UserDTO(userId: 1, name: "kim"))
        #expect(try foundation([Int].self, "[1, 2 , ]") == [1, 2])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try FlexibleJSONDecoder().decode([Int].self, from: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
    }

    @Test func everyTruncationOfAValidDocumentFailsCleanly() {
        let json = #"{"id":"12","name":"k\u00e9m \ud83d\ude00","tags":["a",1,2.5e3,true,null],"n":{"x":-0.5}}"#
        let bytes = Array(json.utf8)
        for length in 0..<bytes.count {
            #expect(Self.parseError(Array(bytes[0..<length])) != nil, "prefix of \(length) bytes")
        }
        #expect(Self.parseError(bytes) == nil)
    }

    @Test func randomGarbageNeverCrashes() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array(#"{}[]":,-+.eE0123456789tfnrulas \u\"#.utf8) + [0xFF, 0xC3, 0x00]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = try? FlexibleJSONDecoder().decode(IgnoredValue.self, from: Data(bytes))
            _ = try? FlexibleJSONDecoder().decode([Int].self, from: Data(bytes))
        }
    }
}

/// A small deterministic random number generator for fuzz-style tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Decoding (not just parsing) a document nested up to the limit works on a test thread's stack.
@Suite("Deep documents")
struct DeepDocumentTests {
    struct TreeNode: Decodable {
        let depth: Int
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            depth = container.isAtEnd ? 1 : try container.decode(TreeNode.self).depth + 1
        }
    }

    @Test func recursiveTypesDecodeUpToTheLimit() throws {
        let json = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try FlexibleJSONDecoder().decode(TreeNode.self, from: Data(json.utf8)).depth == 512)
    }
}
