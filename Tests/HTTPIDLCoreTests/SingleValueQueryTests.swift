import Testing
@testable import HTTPIDLCore

/// The original language's single value on a method that sends its fields in the query (`GET REQUEST { INT64; }`,
/// from the original project's own test file): accepted with a warning, and sent as the query parameter `body`.
/// Tests/CourierTests/GeneratedQueryValueTests.swift sends these requests over a socket.
@Suite struct SingleValueQueryTests {
    static let original = """
        MESSAGE /array {
            GET REQUEST { ARRAY<DICT<STRING, INT64>>; }
            GET RESPONSE { ARRAY<DICT<STRING, INT64>>; }
        }
        MESSAGE /number {
            GET REQUEST { INT64; }
            GET RESPONSE { INT64; }
        }

        """

    static func warning(_ method: String) -> String {
        "warning: a single-value body on \(method) is sent in the query under the key 'body' (body=…); name a field to choose the key, or write '\(method) REQUEST JSON' to send a body"
    }

    @Test func theOriginalTestFileCompilesWithAWarningThatSaysWhereTheValueGoes() {
        let result = TestSupport.compile(Self.original)
        #expect(TestSupport.summaries(result) == ["2:19: " + Self.warning("GET"), "6:19: " + Self.warning("GET")])
        #expect(result.outputs.count == 1)
        let strict = TestSupport.compile(Self.original, strict: true)
        #expect(strict.outputs.isEmpty)
        #expect(TestSupport.summaries(strict).first == "2:19: error: " + Self.warning("GET").dropFirst("warning: ".count))
    }

    /// The lines Tests/CourierTests/GeneratedQueryValueTests.swift copies (doc comments aside), in order.
    @Test func theValueIsTheRequiredPropertyPayloadSentUnderTheKeyBody() throws {
        let swift = TestSupport.swift(TestSupport.compile(Self.original, access: .internal))
        let lines = swift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (request, type, path) in [("GetArrayRequest", "[[String: Int64]]", "/array"), ("GetNumberRequest", "Int64", "/number")] {
            let start = try #require(lines.firstIndex(of: "struct \(request): APIDefinition {"))
            let expected = [
                "var payload: \(type)", "init(payload: \(type)) {", "self.payload = payload", "var method: HTTPMethod { .get }",
                "var path: EndpointPath { \"\(path)\" }", "var query: (any Encodable & Sendable)? { HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }",
                "fileprivate func encodeQuery(to container: inout KeyedEncodingContainer<HTTPIDLCodingKey>) throws {",
                "try container.encode(self.payload, forKey: \"body\")",
            ]
            var position = start
            for line in expected {
                let found = try #require(lines[position...].firstIndex(of: line), "\(request) lacks '\(line)'")
                position = found + 1
            }
            #expect(!lines[start..<position].contains { $0.hasPrefix("var body") }, "no request body")
        }
    }

    @Test(arguments: MethodKeyword.allCases)
    func everyMethodThatSendsFieldsInTheQuerySendsTheValueThere(method: MethodKeyword) {
        let result = TestSupport.compile("MESSAGE /a {\n    \(method.rawValue) REQUEST { STRING; }\n    \(method.rawValue) RESPONSE {}\n}\n")
        let swift = TestSupport.swift(result)
        if method.sendsFieldsInQuery {
            #expect(TestSupport.summaries(result) == ["2:\(method.rawValue.count + 16): " + Self.warning(method.rawValue)])
            #expect(swift.contains("{ HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }"))
            #expect(!swift.contains("RequestBody"))
        } else {
            #expect(TestSupport.summaries(result).isEmpty)
            #expect(swift.contains("{ .json(self.payload) }"))
        }
    }

    @Test func anEncodingKeepsTheValueInTheBody() {
        let result = TestSupport.compile("MESSAGE /a {\n    GET REQUEST JSON { INT64; }\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result).isEmpty)
        #expect(TestSupport.swift(result).contains("{ .json(self.payload) }"))
    }

    @Test(arguments: [
        ("GET REQUEST { FILE; }", "2:19: error: FILE and BLOB cannot be sent in a query string; use a MULTIPART or BINARY request"),
        ("GET REQUEST { BLOB; }", "2:19: error: FILE and BLOB cannot be sent in a query string; use a MULTIPART or BINARY request"),
    ] as [(String, String)])
    func bytesCannotGoInTheQuery(part: String, expected: String) {
        let result = TestSupport.compile("MESSAGE /a {\n    \(part)\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == [expected])
        #expect(result.outputs.isEmpty)
    }

    @Test func aPathParameterNamedPayloadIsDiagnosed() {
        let result = TestSupport.compile("MESSAGE /a/$payload {\n    GET REQUEST { INT64; }\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == [
            "1:13: error: path parameter '$payload' and a field both become the property 'payload'",
            "2:19: " + Self.warning("GET"),
        ])
    }
}
