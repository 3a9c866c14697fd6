import Testing
@testable import HTTPIDLCore

/// One table per YAML construct: input → parsed structure (or error with line:column).
@Suite struct YAMLParserTests {
    @Test(arguments: [
        ("a: ~", "{a: null}"), ("a: null", "{a: null}"), ("a: Null", "{a: null}"), ("a:", "{a: null}"),
        ("a: true", "{a: true}"), ("a: FALSE", "{a: false}"), ("a: yes", "{a: \"yes\"}"),
        ("a: 42", "{a: int(42)}"), ("a: -7", "{a: int(-7)}"), ("a: 0x1F", "{a: int(0x1F)}"), ("a: 0o17", "{a: int(0o17)}"),
        ("a: 1.5", "{a: float(1.5)}"), ("a: 1e3", "{a: float(1e3)}"), ("a: .5", "{a: float(.5)}"), ("a: -.inf", "{a: float(-.inf)}"),
        ("a: .NaN", "{a: float(.NaN)}"), ("a: 1.2.3", "{a: \"1.2.3\"}"), ("a: 3.0.3", "{a: \"3.0.3\"}"), ("a: 1e", "{a: \"1e\"}"),
        ("a: 0x", "{a: \"0x\"}"), ("a: +", "{a: \"+\"}"),
    ])
    func coreSchemaScalars(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("a: hello world", "{a: \"hello world\"}"),
        ("a: hello #comment", "{a: \"hello\"}"),
        ("a: hello#not", "{a: \"hello#not\"}"),
        ("a: http://x.y/z", "{a: \"http://x.y/z\"}"),
        ("a: a:b", "{a: \"a:b\"}"),
        ("a: one\n  two\n\n  three", "{a: \"one two\\nthree\"}"),
        ("a: -1", "{a: int(-1)}"),
        ("a: -x", "{a: \"-x\"}"),
        ("a: /users/{id}", "{a: \"/users/{id}\"}"),
        ("/users/{id}: 1", "{/users/{id}: int(1)}"),
        ("a: x   ", "{a: \"x\"}"),
        ("plain", "\"plain\""),
        ("- a b\n  c", "[\"a b c\"]"),
    ])
    func plainScalars(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        (#"a: "x\ty""#, #"{a: "x\ty"}"#),
        (#"a: "\"q\" \\ \/""#, #"{a: "\"q\" \\ /"}"#),
        (#"a: "\x41\u00e9\U0001F600""#, "{a: \"Aé😀\"}"),
        (#"a: "\0\a\b\n\r\e\ \_""#, "{a: \"\\0\\u{07}\\u{08}\\n\\r\\u{1B} \u{A0}\"}"),
        ("a: \"one\n  two\"", "{a: \"one two\"}"),
        ("a: \"one\n\n  two\"", "{a: \"one\\ntwo\"}"),
        ("a: \"one \\\n  two\"", "{a: \"one two\"}"),
        ("a: \"ab\\\n  cd\"", "{a: \"abcd\"}"),
        ("a: \"123\"", "{a: \"123\"}"),
        ("a: ''", "{a: \"\"}"),
        ("a: 'it''s'", "{a: \"it\\'s\"}"),
        ("a: 'no \\n escape'", "{a: \"no \\\\n escape\"}"),
        ("a: 'one\n  two'", "{a: \"one two\"}"),
        ("'quoted key': 1", "{quoted key: int(1)}"),
        ("\"200\": ok", "{200: \"ok\"}"),
    ])
    func quotedScalars(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("a: |\n  one\n  two\n", "{a: \"one\\ntwo\\n\"}"),
        ("a: |-\n  one\n  two\n\n", "{a: \"one\\ntwo\"}"),
        ("a: |+\n  one\n\n\nb: 1", "{a: \"one\\n\\n\\n\", b: int(1)}"),
        ("a: |\n  one\n\n\nb: 1", "{a: \"one\\n\", b: int(1)}"),
        ("a: >\n  one\n  two\n\n  three\n", "{a: \"one two\\nthree\\n\"}"),
        ("a: >\n  one\n    indented\n  two\n", "{a: \"one\\n  indented\\ntwo\\n\"}"),
        ("a: >-\n  folded\n  text\n", "{a: \"folded text\"}"),
        ("a: |2\n    two extra\n", "{a: \"  two extra\\n\"}"),
        ("a: |1-\n  x\n", "{a: \" x\"}"),
        ("a: |-1\n  x\n", "{a: \" x\"}"),
        ("a: | # comment\n  text\n", "{a: \"text\\n\"}"),
        ("a: |\n  keep # this\n", "{a: \"keep # this\\n\"}"),
        ("a: |\n\n  after empty\n", "{a: \"\\nafter empty\\n\"}"),
        ("a: |\nb: 1", "{a: \"\", b: int(1)}"),
        ("a: |\n  last", "{a: \"last\"}"),
        ("- |\n  item\n- x", "[\"item\\n\", \"x\"]"),
        ("|\n literal top\n", "\"literal top\\n\""),
    ])
    func blockScalars(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("a: 1\nb: 2", "{a: int(1), b: int(2)}"),
        ("a:\n  b:\n    c: 1\n  d: 2\ne: 3", "{a: {b: {c: int(1)}, d: int(2)}, e: int(3)}"),
        ("- 1\n- 2", "[int(1), int(2)]"),
        ("a:\n- x\n- y\nb: 1", "{a: [\"x\", \"y\"], b: int(1)}"),
        ("a:\n  - x\n  - y", "{a: [\"x\", \"y\"]}"),
        ("- a: 1\n  b: 2\n- c: 3", "[{a: int(1), b: int(2)}, {c: int(3)}]"),
        ("- - 1\n  - 2\n- 3", "[[int(1), int(2)], int(3)]"),
        ("-\n  a: 1\n-\n- x", "[{a: int(1)}, null, \"x\"]"),
        ("a: 1\n\n# comment\n\nb: 2", "{a: int(1), b: int(2)}"),
        ("z: 1\na: 2\nm: 3", "{z: int(1), a: int(2), m: int(3)}"),
        ("a:    1", "{a: int(1)}"),
        ("a:\tb", "{a: \"b\"}"),
        ("a: 1\r\nb: 2\r\n", "{a: int(1), b: int(2)}"),
    ])
    func blockCollections(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("a: [1, two, \"3\"]", "{a: [int(1), \"two\", \"3\"]}"),
        ("a: {x: 1, y: [2, 3]}", "{a: {x: int(1), y: [int(2), int(3)]}}"),
        ("a: []", "{a: []}"),
        ("a: {}", "{a: {}}"),
        ("a: [1, 2,]", "{a: [int(1), int(2)]}"),
        ("a: [\n  1,\n  2 # c\n]", "{a: [int(1), int(2)]}"),
        ("{\"a\":1,\"b\":[true,null]}", "{a: int(1), b: [true, null]}"),
        ("a: {x, y: 2}", "{a: {x: null, y: int(2)}}"),
        ("a: [x: 1]", "{a: [{x: int(1)}]}"),
        ("a: [http://x.y, b]", "{a: [\"http://x.y\", \"b\"]}"),
        ("a: [one\n  two]", "{a: [\"one two\"]}"),
        ("[a, [b, [c]]]", "[\"a\", [\"b\", [\"c\"]]]"),
    ])
    func flowCollections(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("a: &x 1\nb: *x", "{a: int(1), b: int(1)}"),
        ("base: &b\n  k: v\nuse: *b", "{base: {k: \"v\"}, use: {k: \"v\"}}"),
        ("a: &l [1, 2]\nb: *l", "{a: [int(1), int(2)], b: [int(1), int(2)]}"),
        ("- &s x\n- *s\n- *s", "[\"x\", \"x\", \"x\"]"),
        ("a: &x 1\na2: &x 2\nb: *x", "{a: int(1), a2: int(2), b: int(2)}"),
        ("a: !!str 12", "{a: \"12\"}"),
        ("a: ! 12", "{a: \"12\"}"),
        ("a: !!int 12", "{a: int(12)}"),
        ("a: [*missing]", "error 1:5: unknown alias '*missing' (no anchor '&missing' before it)"),
    ])
    func anchorsAliasesAndTags(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("# only a comment\n", "null"),
        ("", "null"),
        ("---\na: 1", "{a: int(1)}"),
        ("--- # c\na: 1\n...\n", "{a: int(1)}"),
        ("%YAML 1.2\n---\na: 1", "{a: int(1)}"),
        ("--- |\n  text\n", "\"text\\n\""),
        ("a: 1 # trailing\n# end", "{a: int(1)}"),
        ("\u{FEFF}a: 1", "{a: int(1)}"),
    ])
    func documentsAndComments(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test(arguments: [
        ("a: 1\n---\nb: 2", "error 2:1: a second document ('---') is not supported: the file must hold exactly one document"),
        ("a:\n\tb: 1", "error 2:1: a tab character is not allowed in indentation; indent with spaces"),
        ("a: 1\na: 2", "error 2:1: duplicate key 'a' (first at line 1)"),
        ("a: {x: 1, x: 2}", "error 1:11: duplicate key 'x' (first at line 1)"),
        ("a: b: c", "error 1:5: mapping values are not allowed here (a key must be on its own line)"),
        ("a: 1\n  b: 2", "error 2:4: mapping values are not allowed here (a key must be on its own line)"),
        ("a:\n  b: 1\n c: 2", "error 3:2: unexpected indentation; expected a key at column 1"),
        ("a: \"open", "error 1:4: unterminated double-quoted string"),
        ("a: 'open\n", "error 1:4: unterminated single-quoted string"),
        ("a: [1, 2", "error 1:4: unterminated flow sequence: '[' is never closed"),
        ("a: {x: 1", "error 1:4: unterminated flow mapping: '{' is never closed"),
        ("a: [1 2]", "{a: [\"1 2\"]}"),
        ("a: [\"x\" y]", "error 1:9: expected ',' or ']' in a flow sequence"),
        (#"a: "\q""#, #"error 1:5: unknown escape '\q' in a double-quoted string"#),
        (#"a: "\u12""#, #"error 1:5: '\u' needs 4 hexadecimal digits"#),
        (#"a: "\uD800""#, #"error 1:5: '\u' escape is not a valid Unicode scalar (a surrogate or beyond U+10FFFF)"#),
        ("a: |0\n x", "error 1:5: a block scalar's indentation indicator must be 1 to 9"),
        ("a: |x\n x", "error 1:5: expected a line break after the block scalar header"),
        ("a: |\n   \n  x", "error 2:1: a leading empty line of the block scalar has more spaces than its first line"),
        ("? a\n: b", "error 1:1: explicit mapping keys ('? ') are not supported"),
        ("a: !custom x", "error 1:4: tag '!custom' is not supported (only the core schema's !!str, !!int, !!float, !!bool, !!null, !!map and !!seq)"),
        ("a: !!int x", "error 1:4: the value does not match its tag '!!int'"),
        ("%TAG ! tag:x\n---\na: 1", "error 1:1: directive '%TAG' is not supported"),
        ("a: - x", "error 1:4: a block sequence cannot start on the line of its key; put '- ' on the next line"),
        ("a: 1\n- x", "error 2:1: a sequence item cannot follow a mapping entry at the same indentation"),
        ("a\nb: 1", "error 1:1: a mapping key must fit on one line"),
        ("a: 1\nb", "error 2:2: expected ':' after the mapping key 'b'"),
        ("a: @x", "error 1:4: '@' is reserved and cannot start a plain scalar; quote the value"),
        ("a: 1\n...\nb: 2", "error 3:1: unexpected content after the document"),
        ("[1, 2]: x", "error 1:1: a flow collection as a mapping key is not supported"),
        ("a: &\n", "error 1:4: an anchor needs a name after '&'"),
        ("a: \"x\n---\ny\"", "error 1:4: a document marker inside a quoted string; the string was not closed"),
    ])
    func errorsCarryLineAndColumn(input: String, expected: String) {
        #expect(YAMLTestSupport.parse(input) == expected)
    }

    @Test func aliasBombIsRefused() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        let result = YAMLTestSupport.parse(text)
        #expect(result.hasPrefix("error "))
        #expect(result.hasSuffix("aliases expand to more than 1000000 nodes (an alias bomb?)"))
    }

    @Test func depthIsLimited() {
        let flow = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(YAMLTestSupport.parse(flow) == "error 1:256: the document nests deeper than 256 levels")
        var block = ""
        for level in 0..<300 { block += String(repeating: " ", count: level) + "k:\n" }
        #expect(YAMLTestSupport.parse(block).hasSuffix("the document nests deeper than 256 levels"))
    }

    @Test func openAPIShapedDocument() {
        let text = """
            openapi: "3.0.0"
            info:
              title: Swagger Petstore
              description: >-
                Multi-line
                description.
            paths:
              /pets:
                get:
                  parameters:
                    - name: limit
                      in: query
                      required: false
                      schema:
                        type: integer
                        format: int32
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Pets"
            """
        let expected = "{openapi: \"3.0.0\", info: {title: \"Swagger Petstore\", description: \"Multi-line description.\"}, "
            + "paths: {/pets: {get: {parameters: [{name: \"limit\", in: \"query\", required: false, schema: {type: \"integer\", format: \"int32\"}}], "
            + "responses: {200: {description: \"ok\", content: {application/json: {schema: {$ref: \"#/components/schemas/Pets\"}}}}}}}}}"
        #expect(YAMLTestSupport.parse(text) == expected)
    }
}

@Suite struct YAMLParserScaleTests {
    /// A long single-line flow document and a deep block document parse in linear time (no per-character
    /// rescans of the line); the sizes are large enough that quadratic work would not finish in a test run.
    @Test func longLinesAndManyLinesStayLinear() throws {
        let items = (0..<50_000).map { "k\($0): v" }.joined(separator: ", ")
        let flow = try YAMLParser.parse(SourceFile(name: "f.yaml", text: "{" + items + "}"))
        #expect(flow.entries.count == 50_000)
        let block = (0..<50_000).map { "- {a: \($0)}" }.joined(separator: "\n")
        #expect(try YAMLParser.parse(SourceFile(name: "b.yaml", text: block)).elements.count == 50_000)
    }
}
