import Foundation
import Testing
@testable import FlexibleDecoding

/// The helpers DTOs call from a hand-written `init(from:)`, checked on Foundation's `JSONDecoder`
/// (the decoder existing code uses) and on `FlexibleJSONDecoder` in strict mode.
@Suite("Container helpers")
struct ContainerHelperTests {
    /// The seed's DTO shape, migrated: the private helper copy is deleted, the call stays.
    struct LegacyUserDTO: Decodable {
        let userId: Int
        let parentId: Int?
        let name: String
        enum CodingKeys: String, CodingKey { case userId, parentId, name }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            userId = try container.decodeIntFlexible(forKey: .userId)
            parentId = try container.decodeIntFlexibleIfPresent(forKey: .parentId)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        }
    }

    static let decoders: [String] = ["JSONDecoder", "FlexibleJSONDecoder.strict"]

    static func decode<T: Decodable>(_ type: T.Type, _ json: String, with name: String) throws -> T {
        if name == "JSONDecoder" { return try foundation(T.self, json) }
        return try flexible(T.self, json) { $0.numberDecodingStrategy = .strict }
    }

    @Test(arguments: decoders)
    func fallbacks(decoder: String) throws {
        for (json, expected) in [(#""5""#, 5), ("5", 5), ("5.0", 5), (#""-5""#, -5)] {
            let user = try Self.decode(LegacyUserDTO.self, #"{"userId":\#(json),"name":"kim"}"#, with: decoder)
            #expect(user.userId == expected)
            #expect(user.parentId == nil)
        }
    }

    @Test(arguments: decoders)
    func ifPresentIsNilOnlyForMissingOrNull(decoder: String) throws {
        #expect(try Self.decode(LegacyUserDTO.self, #"{"userId":1,"parentId":null}"#, with: decoder).parentId == nil)
        #expect(try Self.decode(LegacyUserDTO.self, #"{"userId":1,"parentId":"9"}"#, with: decoder).parentId == 9)
        // The usual hand-written helper turns this into nil; ours reports it.
        let failure = decodingFailure { _ = try Self.decode(LegacyUserDTO.self, #"{"userId":1,"parentId":"abc"}"#, with: decoder) }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["parentId"])
    }

    @Test(arguments: decoders)
    func badInputsThrowWithPath(decoder: String) {
        for (json, kind) in [("1e20", ErrorKind.dataCorrupted), ("123.5", .dataCorrupted), (#""12abc""#, .typeMismatch),
                             (#""""#, .typeMismatch), (#""0x1F""#, .typeMismatch), (#"" 12 ""#, .typeMismatch),
                             ("[1]", .typeMismatch), ("null", .valueNotFound)] {
            let failure = decodingFailure { _ = try Self.decode(LegacyUserDTO.self, #"{"userId":\#(json)}"#, with: decoder) }
            #expect(failure?.kind == kind, "\(json)")
            #expect(failure?.path == ["userId"], "\(json)")
        }
    }

    @Test(arguments: decoders)
    func missingKeyIsKeyNotFound(decoder: String) {
        let failure = decodingFailure { _ = try Self.decode(LegacyUserDTO.self, #"{"name":"kim"}"#, with: decoder) }
        #expect(failure?.kind == .keyNotFound)
    }

    struct Truncating: Decodable {
        let value: Int
        enum CodingKeys: CodingKey { case value }
        init(from decoder: any Decoder) throws {
            value = try decoder.container(keyedBy: CodingKeys.self)
                .decodeIntegerFlexible(Int.self, forKey: .value, fractionalPolicy: .truncating)
        }
    }

    @Test(arguments: decoders)
    func truncatingIsOptIn(decoder: String) throws {
        #expect(try Self.decode(Truncating.self, #"{"value":123.9}"#, with: decoder).value == 123)
        #expect(try Self.decode(Truncating.self, #"{"value":"-7.5"}"#, with: decoder).value == -7)
    }

    struct UnkeyedDTO: Decodable {
        let values: [Int64]
        let optionals: [Int?]
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var values: [Int64] = []
            for _ in 0..<3 { values.append(try container.decodeIntegerFlexible(Int64.self)) }
            var optionals: [Int?] = []
            while !container.isAtEnd { optionals.append(try container.decodeIntFlexibleIfPresent()) }
            self.values = values
            self.optionals = optionals
        }
    }

    @Test(arguments: decoders)
    func unkeyedHelpers(decoder: String) throws {
        let dto = try Self.decode(UnkeyedDTO.self, #"["1", 2, 3.0, null, "4"]"#, with: decoder)
        #expect(dto.values == [1, 2, 3])
        #expect(dto.optionals == [nil, 4])
        let failure = decodingFailure { _ = try Self.decode(UnkeyedDTO.self, #"["1", "x", 3]"#, with: decoder) }
        #expect(failure?.path == ["Index 1"])
    }

    struct SingleDTO: Decodable {
        let value: UInt16
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decodeIntegerFlexible(UInt16.self) }
    }

    @Test(arguments: decoders)
    func singleValueHelper(decoder: String) throws {
        #expect(try Self.decode([SingleDTO].self, #"["65535", 7]"#, with: decoder).map(\.value) == [65535, 7])
        let failure = decodingFailure { _ = try Self.decode([SingleDTO].self, #"[1, "65536"]"#, with: decoder) }
        #expect(failure?.kind == .dataCorrupted)
        #expect(failure?.path == ["Index 1"])
    }
}
