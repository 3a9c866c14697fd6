import Courier
import Testing
@testable import HTTPIDLCore

/// The query bytes each `style`/`explode` of OpenAPI 3.1's style table (§4.8.12.4, "Style Examples") sends: the
/// parameter is imported, and the `URLQueryEncoder` strategy its `QUERY(STYLE)` names encodes the table's value
/// (`color` = `["blue", "black", "brown"]` or `{"R": 100, "G": 200, "B": 150}`).
@Suite struct OpenAPIStyleWireTests {
    struct Colors: Encodable { let color: [String] }
    struct Channels: Encodable {
        struct RGB: Encodable { let R: Int, G: Int, B: Int }
        let color: RGB
    }

    /// The `QUERY(STYLE)` the import gives the parameter `color` with `style` and `schema`.
    static func importedStyle(_ style: String, schema: String) throws -> QueryStyle {
        let (text, warnings) = OpenAPIImportTests.importYAML(OpenAPIImportTests.spec(paths: """
            /x:
              get:
                parameters: [{name: color, in: query, \(style), schema: \(schema)}]
                responses: {'200': {description: ok}}
            """))
        #expect(warnings.isEmpty, "\(warnings)")
        let placement = try #require(text.split(separator: "\n").first { $0.contains(" color;") }?.split(separator: " ").first)
        return try #require(QueryStyle(rawValue: String(placement.dropFirst("QUERY(".count).dropLast())))
    }

    @Test(arguments: [
        ("style: form, explode: false", "color=blue,black,brown"),
        ("style: form, explode: true", "color=blue&color=black&color=brown"),
        ("style: spaceDelimited, explode: false", "color=blue%20black%20brown"),
        ("style: pipeDelimited, explode: false", "color=blue%7Cblack%7Cbrown"),       // blue|black|brown
        ("style: spaceDelimited, explode: true", "color=blue&color=black&color=brown"),
        ("style: pipeDelimited, explode: true", "color=blue&color=black&color=brown"),
        // deepObject is undefined for arrays in the table; brackets are what the APIs that use it parse
        ("style: deepObject, explode: true", "color%5B%5D=blue&color%5B%5D=black&color%5B%5D=brown"),
    ])
    func arrays(style: String, wire: String) throws {
        let imported = try Self.importedStyle(style, schema: "{type: array, items: {type: string}}")
        let strategy = try #require(URLQueryEncoder.ArrayEncodingStrategy.allCases.first { ".\($0)" == imported.encoderCase })
        let query = try URLQueryEncoder(arrayEncodingStrategy: strategy).encodeQueryString(Colors(color: ["blue", "black", "brown"]))
        #expect(query == wire)
    }

    @Test(arguments: [
        ("style: form, explode: true", "R=100&G=200&B=150"),
        ("style: deepObject, explode: true", "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),   // color[R]=100&…
    ])
    func objects(style: String, wire: String) throws {
        let schema = "{type: object, properties: {R: {type: integer}, G: {type: integer}, B: {type: integer}}}"
        let imported = try Self.importedStyle(style, schema: schema)
        let strategy = try #require(URLQueryEncoder.ObjectEncodingStrategy.allCases.first { ".\($0)" == imported.encoderCase })
        let query = try URLQueryEncoder(objectEncodingStrategy: strategy).encodeQueryString(Channels(color: .init(R: 100, G: 200, B: 150)))
        // The encoder writes an object's keys sorted (B, G, R); the pairs are the table's.
        #expect(query.split(separator: "&").sorted() == wire.split(separator: "&").sorted(), "\(query)")
    }

    /// Parameters of one request with different styles keep each its own: the generated encoder sets the first
    /// style of each kind and the others by key, and writes each parameter as the style table says.
    @Test func mixedStylesInOneRequest() throws {
        let (text, warnings) = OpenAPIImportTests.importYAML(OpenAPIImportTests.spec(paths: """
            /x:
              get:
                parameters:
                - {name: ids, in: query, schema: {type: array, items: {type: integer}}}
                - {name: expand, in: query, style: deepObject, schema: {type: array, items: {type: string}}}
                - {name: sizes, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
                - {name: color, in: query, schema: {type: object, properties: {R: {type: integer}, G: {type: integer}}}}
                - {name: filter, in: query, style: deepObject, schema: {type: object, properties: {R: {type: integer}}}}
                responses: {'200': {description: ok}}
            """))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(text.contains("QUERY(REPEATED) ARRAY<INT> ids;") && text.contains("QUERY(BRACKETED) ARRAY<STRING> expand;")
                && text.contains("QUERY(PIPE) ARRAY<STRING> sizes;") && text.contains("QUERY(FLATTENED) XColor color;")
                && text.contains("QUERY(BRACKETS) XFilter filter;"), "\(text)")
        let swift = TestSupport.swift(TestSupport.compile(text, name: "spec.http"))
        #expect(swift.contains("""
                    var encoder = URLQueryEncoder(arrayEncodingStrategy: .repeated, objectEncodingStrategy: .flattened)
                    encoder.arrayEncodingStrategiesByKey = ["expand": .bracketed, "sizes": .pipeDelimited]
                    encoder.objectEncodingStrategiesByKey = ["filter": .brackets]
                    return encoder
            """), "\(swift)")
        struct RGB: Encodable { let R: Int, G: Int }
        struct Filter: Encodable { let R: Int }
        struct Query: Encodable { let ids: [Int], expand: [String], sizes: [String], color: RGB, filter: Filter }
        var encoder = URLQueryEncoder(arrayEncodingStrategy: .repeated, objectEncodingStrategy: .flattened)
        encoder.arrayEncodingStrategiesByKey = ["expand": .bracketed, "sizes": .pipeDelimited]
        encoder.objectEncodingStrategiesByKey = ["filter": .brackets]
        let query = try encoder.encodeQueryString(Query(ids: [1, 2], expand: ["a", "b"], sizes: ["s", "m"], color: RGB(R: 100, G: 200),
                                                        filter: Filter(R: 3)))
        // form explode array, deepObject array, pipeDelimited, form explode object, deepObject object.
        #expect(query == "G=200&R=100&expand%5B%5D=a&expand%5B%5D=b&filter%5BR%5D=3&ids=1&ids=2&sizes=s%7Cm")
    }
}
