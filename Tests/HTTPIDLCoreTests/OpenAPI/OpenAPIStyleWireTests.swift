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
}
