import Foundation
import Testing
@testable import FlexibleDecoding

/// The property wrappers read common spellings straight from the keyed container (no decoder per
/// value); every other input takes the general path. Both give the same values and errors, with
/// Foundation's `JSONDecoder` and with `FlexibleJSONDecoder` (strict numbers, so the wrapper does the work).
@Suite("Property wrapper fast paths")
struct WrapperFastPathTests {
    struct DTO: Decodable {
        @FlexibleInt var n: Int8
        @FlexibleIntArray var ids: [UInt8]
    }

    static func decode(_ json: String, with decoder: String) throws -> DTO {
        if decoder == "JSONDecoder" { return try JSONDecoder().decode(DTO.self, from: Data(json.utf8)) }
        var flexible = FlexibleJSONDecoder()
        flexible.numberDecodingStrategy = .strict
        return try flexible.decode(DTO.self, from: Data(json.utf8))
    }

    /// (JSON, n, ids) for inputs that decode.
    @Test(arguments: ["JSONDecoder", "FlexibleJSONDecoder"], [
        (#"{"n":1,"ids":[1,2]}"#, Int8(1), [UInt8(1), 2]),
        (#"{"n":"-128","ids":["3","+4","005"]}"#, -128, [3, 4, 5]),
        (#"{"n":2.0,"ids":["1",2,3.0]}"#, 2, [1, 2, 3]),
        (#"{"n":"1e2","ids":[]}"#, 100, []),
    ])
    func decodes(_ decoder: String, row: (json: String, n: Int8, ids: [UInt8])) throws {
        let dto = try Self.decode(row.json, with: decoder)
        #expect(dto.n == row.n)
        #expect(dto.ids == row.ids)
    }

    /// (JSON, error kind, coding path) for inputs that must fail.
    @Test(arguments: ["JSONDecoder", "FlexibleJSONDecoder"], [
        (#"{"ids":[]}"#, ErrorKind.keyNotFound, [String]()),
        (#"{"n":null,"ids":[]}"#, .valueNotFound, ["n"]),
        (#"{"n":"12abc","ids":[]}"#, .typeMismatch, ["n"]),
        (#"{"n":"128","ids":[]}"#, .dataCorrupted, ["n"]),
        (#"{"n":1.5,"ids":[]}"#, .dataCorrupted, ["n"]),
        (#"{"n":1}"#, .keyNotFound, []),
        (#"{"n":1,"ids":null}"#, .valueNotFound, ["ids"]),
        (#"{"n":1,"ids":["1","256"]}"#, .dataCorrupted, ["ids", "Index 1"]),
        (#"{"n":1,"ids":[1,"x"]}"#, .typeMismatch, ["ids", "Index 1"]),
        (#"{"n":1,"ids":[1,null]}"#, .valueNotFound, ["ids", "Index 1"]),
        (#"{"n":1,"ids":"1"}"#, .typeMismatch, ["ids"]),
    ])
    func fails(_ decoder: String, row: (json: String, kind: ErrorKind, path: [String])) {
        let failure = decodingFailure { _ = try Self.decode(row.json, with: decoder) }
        #expect(failure?.kind == row.kind)
        #expect(failure?.path == row.path)
    }
}
