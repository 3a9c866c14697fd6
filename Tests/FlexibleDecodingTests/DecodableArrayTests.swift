import Foundation
import Testing
@testable import FlexibleDecoding

/// Arrays of non-scalar elements are filled by `JSONDecodableArray` instead of `Array.init(from:)`; each row
/// decodes the same as Foundation's `JSONDecoder` (values, or the error's kind and coding path).
///
/// Values are compared with `==`, not by their descriptions: a `Set`'s iteration order depends on its
/// storage's address (each instance is seeded by it), so two equal sets can print differently.
@Suite("Arrays of decodable elements")
struct DecodableArrayTests {
    struct Item: Codable, Hashable, Sendable {
        let id: Int
        let name: String?
    }

    struct Holder: Codable, Hashable, Sendable {
        let items: [Item]
        let groups: [[Item]]?
        let maybe: [Item?]?
        let sets: [Set<Int>]?
    }

    /// A document and the type it is decoded into.
    struct Row: Sendable, CustomStringConvertible {
        let json: String
        let flexible: @Sendable () throws -> AnyHashable
        let foundation: @Sendable () throws -> AnyHashable
        var description: String { json }

        static func holder(_ json: String) -> Row {
            Row(json: json,
                flexible: { AnyHashable(try FlexibleDecodingTests.flexible(Holder.self, json)) },
                foundation: { AnyHashable(try FlexibleDecodingTests.foundation(Holder.self, json)) })
        }

        static func items(_ json: String) -> Row {
            Row(json: json,
                flexible: { AnyHashable(try FlexibleDecodingTests.flexible([Item].self, json)) },
                foundation: { AnyHashable(try FlexibleDecodingTests.foundation([Item].self, json)) })
        }
    }

    static let rows: [Row] = [
        .items(#"[]"#),
        .items(#"[{"id":1,"name":"a"},{"id":2,"name":null},{"id":3}]"#),
        .items(#"[{"id":1},{"id":"x"}]"#),                       // element error: [Index 1, id]
        .items(#"[{"id":1},null]"#),                              // null element: valueNotFound at [Index 1]
        .items(#"[{"id":1},5]"#),                                 // wrong element kind at [Index 1]
        .items(#"{"id":1}"#),                                     // not an array
        .items(#"null"#),
        .holder(#"{"items":[{"id":1}],"groups":[[{"id":2}],[],[{"id":3},{"id":4}]]}"#),
        .holder(#"{"items":[],"groups":[[{"id":2}],[{"id":"x"}]]}"#),  // [groups, Index 1, Index 0, id]
        .holder(#"{"items":[],"maybe":[{"id":1},null,{"id":2}]}"#),
        .holder(#"{"items":[],"maybe":[{"id":1},{"id":false}]}"#),    // [maybe, Index 1, id]
        .holder(#"{"items":[],"sets":[[1,2],[3]]}"#),
        .holder(#"{"items":[],"sets":[[1,"a"]]}"#),
        .holder(#"{"items":{"id":1}}"#),                         // not an array under a key
        .holder(#"{"items":null}"#),
        .holder(#"{"items":[{"id":1}],"groups":[[{"id":2}],null]}"#),
    ]

    @Test(arguments: rows)
    func decodesLikeJSONDecoder(_ row: Row) {
        let expected = Result { try row.foundation() }
        let actual = Result { try row.flexible() }
        switch (actual, expected) {
        case (.success(let value), .success(let reference)):
            #expect(value == reference)
        case (.failure(let error), .failure(let reference)):
            #expect(classify(error).kind == classify(reference).kind)
            #expect(classify(error).path == classify(reference).path)
        default:
            Issue.record("FlexibleJSONDecoder: \(actual), JSONDecoder: \(expected)")
        }
    }
}
