import Foundation
import Testing
import URLQueryCoding

/// Strategies of single top-level keys (`arrayEncodingStrategiesByKey`, `objectEncodingStrategiesByKey`): each
/// query parameter written in its own style, the others in the encoder's; and an explicit `encodeNil(forKey:)`.
@Suite struct URLQueryEncoderKeyStrategyTests {
    struct RGB: Encodable { let R: Int, G: Int }
    struct Parameters: Encodable {
        let ids: [Int]
        let expand: [String]
        let sizes: [String]
        let color: RGB
        let filter: RGB
        let limit: Int
    }

    static let value = Parameters(ids: [1, 2], expand: ["a", "b"], sizes: ["s", "m"], color: RGB(R: 1, G: 2), filter: RGB(R: 3, G: 4), limit: 5)

    @Test(arguments: [
        // One style per kind for the whole query: what a request without keyed strategies sends.
        ([String: URLQueryEncoder.ArrayEncodingStrategy](), [String: URLQueryEncoder.ObjectEncodingStrategy](),
         "color[G]=2&color[R]=1&expand=a&expand=b&filter[G]=4&filter[R]=3&ids=1&ids=2&limit=5&sizes=s&sizes=m"),
        // deepObject `expand[]`, pipeDelimited `sizes`, form-exploded `color` beside form `ids` and deepObject `filter`.
        (["expand": .bracketed, "sizes": .pipeDelimited], ["color": .flattened],
         "G=2&R=1&expand[]=a&expand[]=b&filter[G]=4&filter[R]=3&ids=1&ids=2&limit=5&sizes=s|m"),
        (["ids": .commaSeparated, "expand": .indexed], [:],
         "color[G]=2&color[R]=1&expand[0]=a&expand[1]=b&filter[G]=4&filter[R]=3&ids=1,2&limit=5&sizes=s&sizes=m"),
        // A key the value does not have changes nothing.
        (["missing": .commaSeparated], ["missing": .dots],
         "color[G]=2&color[R]=1&expand=a&expand=b&filter[G]=4&filter[R]=3&ids=1&ids=2&limit=5&sizes=s&sizes=m"),
    ])
    func eachKeyInItsStyle(arrays: [String: URLQueryEncoder.ArrayEncodingStrategy],
                           objects: [String: URLQueryEncoder.ObjectEncodingStrategy], expected: String) throws {
        var encoder = URLQueryEncoder(arrayEncodingStrategy: .repeated, objectEncodingStrategy: .brackets)
        encoder.arrayEncodingStrategiesByKey = arrays
        encoder.objectEncodingStrategiesByKey = objects
        let items = try encoder.encode(Self.value).map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        #expect(items == expected)
    }

    @Test func keyedStrategiesApplyToTopLevelKeysOnly() throws {
        struct Outer: Encodable { let inner: Inner }
        struct Inner: Encodable { let tags: [String] }
        var encoder = URLQueryEncoder(arrayEncodingStrategy: .repeated)
        encoder.arrayEncodingStrategiesByKey = ["tags": .commaSeparated]
        #expect(try encoder.encodeQueryString(Outer(inner: Inner(tags: ["a", "b"]))) == "inner%5Btags%5D=a&inner%5Btags%5D=b")
    }

    @Test func keyedStrategyKeepsTheDelimiterCheck() throws {
        struct Tags: Encodable { let tags: [String]; let other: [String] }
        var encoder = URLQueryEncoder(arrayEncodingStrategy: .repeated)
        encoder.arrayEncodingStrategiesByKey = ["tags": .commaSeparated]
        #expect(throws: URLQueryEncoder.EncodingError.self) { try encoder.encodeQueryString(Tags(tags: ["a,b"], other: ["x,y"])) }
        #expect(try encoder.encodeQueryString(Tags(tags: ["a", "b"], other: ["x", "y"])) == "other=x&other=y&tags=a,b")
    }

    /// `encodeNil(forKey:)` is an explicit null (`Nullable.null`): an empty value; an optional left out writes nothing.
    @Test func explicitNullIsAnEmptyValue() throws {
        struct Update: Encodable {
            let nickname: String?
            let note: String?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .nickname)
                try container.encodeIfPresent(note, forKey: .note)
            }
            enum CodingKeys: String, CodingKey { case nickname, note }
        }
        #expect(try URLQueryEncoder().encodeQueryString(Update(nickname: nil, note: nil)) == "nickname=")
        #expect(String(decoding: try URLQueryEncoder().encodeFormBody(Update(nickname: nil, note: "a b")), as: UTF8.self) == "nickname=&note=a+b")
    }
}
