import Testing
@testable import HTTPIDLCore

@Suite struct JSONReaderTests {
    static func read(_ text: String) -> String {
        let source = SourceFile(name: "t.json", text: text)
        do {
            return YAMLTestSupport.render(try JSONReader.read(source))
        } catch {
            let location = source.location(of: error.offset)
            return "error \(location.line):\(location.column): \(error.message)"
        }
    }

    @Test(arguments: [
        (#"{"b": 1, "a": [true, false, null], "c": {"d": -1.5e3}}"#, #"{b: int(1), a: [true, false, null], c: {d: float(-1.5e3)}}"#),
        (#""a\"b\\c\/\n\u00e9\ud83d\ude00""#, "\"a\\\"b\\\\c/\\né😀\""),
        ("[]", "[]"), ("{}", "{}"), (" 0 ", "int(0)"),
        (#"{"a": 1, "a": 2}"#, "error 1:10: duplicate key 'a'"),
        ("[1, 2", "error 1:1: unterminated JSON array: '[' is never closed"),
        ("{\"a\" 1}", "error 1:6: expected ':' after the key 'a'"),
        ("01", "error 1:1: invalid JSON number"),
        ("1.", "error 1:1: invalid JSON number: digits must follow '.'"),
        ("tru", "error 1:1: invalid JSON literal; expected 'true'"),
        (#""\ud800""#, "error 1:2: a high surrogate must be followed by a low one"),
        (#""\q""#, #"error 1:2: unknown escape '\q' in a JSON string"#),
        ("[1] 2", "error 1:5: unexpected content after the JSON value"),
        ("\"a\nb\"", "error 1:3: a control character must be escaped in a JSON string"),
        ("", "error 1:1: unexpected end of JSON input"),
    ])
    func table(input: String, expected: String) {
        #expect(Self.read(input) == expected)
    }

    @Test func depthIsLimited() {
        let text = String(repeating: "[", count: 100_000)
        #expect(Self.read(text) == "error 1:257: the document nests deeper than 256 levels")
    }

    /// Each shared YAML spec parses to the same tree as its JSON twin.
    @Test(.enabled(if: SharedSpecs.isPresent), arguments: [
        "petstore-3.0", "petstore-expanded-3.0", "swagger-petstore-3.1",
    ])
    func yamlTwinsMatchJSON(name: String) throws {
        let yaml = try #require(SharedSpecs.bytes(name + ".yaml"))
        let json = try #require(SharedSpecs.bytes(name + ".json"))
        let fromYAML = try YAMLParser.parse(SourceFile(name: name + ".yaml", bytes: yaml))
        let fromJSON = try JSONReader.read(SourceFile(name: name + ".json", bytes: json))
        #expect(YAMLTestSupport.render(fromYAML) == YAMLTestSupport.render(fromJSON))
    }

    /// Every shared spec parses.
    @Test(.enabled(if: SharedSpecs.isPresent), arguments: SharedSpecs.names)
    func sharedSpecsParse(name: String) throws {
        let source = SourceFile(name: name, bytes: try #require(SharedSpecs.bytes(name)))
        let root = name.hasSuffix(".json") ? try JSONReader.read(source) : try YAMLParser.parse(source)
        #expect(root["openapi"]?.string?.hasPrefix("3.") == true)
    }
}
