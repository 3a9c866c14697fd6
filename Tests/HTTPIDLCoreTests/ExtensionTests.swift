import Testing
@testable import HTTPIDLCore

/// IDL.md section 3: every extension, with the Swift it produces.
@Suite struct ExtensionTests {
    private func swift(_ text: String) -> String {
        let result = TestSupport.compile(text)
        #expect(result.diagnostics.isEmpty, "\(TestSupport.summaries(result))")
        return TestSupport.swift(result)
    }

    private func summaries(_ text: String) -> [String] {
        TestSupport.summaries(TestSupport.compile(text))
    }

    @Test func lineAndBlockCommentsAndDocComments() {
        let output = swift("""
            // line
            /* block */
            /// A user.
            /// Second line.
            STRUCT User {
                /// The id.
                INT64 id; // trailing
            }
            /// Status.
            ENUM S : STRING { /// Active.
                A = "a"; }
            /// Ping.
            MESSAGE /ping {
                /// Request doc.
                GET REQUEST {}
                /// Response doc.
                GET RESPONSE { STRING pong; }
            }
            """)
        #expect(output.contains("/// A user.\n/// Second line.\npublic struct User"))
        #expect(output.contains("    /// The id.\n    public var id: Int64?"))
        #expect(output.contains("/// Status.\npublic enum S"))
        #expect(output.contains("    /// Active.\n    case a\n"))
        #expect(output.contains("/// Request doc.\n///\n/// `GET /ping`.\npublic struct GetPingRequest"))
        #expect(output.contains("/// Response doc.\npublic struct GetPingResponse"))
        #expect(!output.contains("// line"))
    }

    @Test(arguments: [
        ("INT", "Int"), ("FLOAT", "Float"), ("DATE", "Date"), ("UUID", "UUID"), ("URL", "URL"),
        ("INT32", "Int32"), ("UINT32", "UInt32"), ("INT64", "Int64"), ("UINT64", "UInt64"), ("BOOL", "Bool"),
        ("DOUBLE", "Double"), ("STRING", "String"), ("BLOB", "Data"),
    ] as [(String, String)])
    func scalarTypes(idl: String, swiftType: String) {
        #expect(swift("STRUCT A { \(idl) value; }").contains("public var value: \(swiftType)?"))
    }

    @Test func anyGeneratesJSONValue() {
        let output = swift("""
            STRUCT A {
                ANY value;
                REQUIRED ANY payload;
                ARRAY<ANY> list;
                DICT<STRING, ANY> map;
                ANY count DEFAULT -5;
                ANY ratio DEFAULT 0.5;
                ANY on DEFAULT true;
                ANY name DEFAULT "x";
            }
            MESSAGE /events {
                POST REQUEST { ANY; }
                POST RESPONSE { ANY; }
                GET REQUEST { ANY filter; }
                GET RESPONSE { ARRAY<ANY>; }
            }
            """)
        #expect(output.contains("public var value: JSONValue?"))
        #expect(output.contains("public var payload: JSONValue\n"))
        #expect(output.contains("public var list: [JSONValue]?"))
        #expect(output.contains("public var map: [String: JSONValue]?"))
        #expect(output.contains("count: JSONValue = -5,\n        ratio: JSONValue = 0.5,\n        on: JSONValue = true,\n        name: JSONValue = \"x\"\n"))
        #expect(output.contains("self.count = try container.decodeIfPresent(JSONValue.self, forKey: \"count\") ?? -5"))
        #expect(output.contains("self.payload = try container.decode(JSONValue.self, forKey: \"payload\")"))
        #expect(output.contains("public typealias PostEventsResponse = JSONValue\n"))
        #expect(output.contains("public typealias GetEventsResponse = [JSONValue]\n"))
        #expect(output.contains("{ .json(self.payload) }"))
        #expect(output.contains("{ HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }"))
    }

    @Test func anyCanBeTurnedOffForOlderRuntimes() {
        let disabled = HTTPIDLCompiler(options: .init(analyzer: .init(supportsAnyType: false)))
            .compile([SourceFile(name: "a.http", text: "STRUCT A { ANY value; DICT<STRING, ANY> map; }")])
        #expect(TestSupport.summaries(disabled) == [
            "1:12: error: ANY needs Courier's JSONValue type, which is turned off (SemanticAnalyzer.Options.supportsAnyType)",
            "1:36: error: ANY needs Courier's JSONValue type, which is turned off (SemanticAnalyzer.Options.supportsAnyType)",
        ])
        #expect(disabled.outputs.isEmpty)
    }

    @Test func requiredAndDefault() {
        let output = swift("""
            STRUCT A {
                REQUIRED STRING id;
                INT32 size DEFAULT 20;
                DOUBLE ratio DEFAULT 1;
                BOOL on DEFAULT false;
                STRING name DEFAULT "a\\"b";
            }
            """)
        #expect(output.contains("public init(id: String, size: Int32 = 20, ratio: Double = 1, on: Bool = false, name: String = \"a\\\"b\")"))
        #expect(output.contains("self.size = try container.decodeIfPresent(Int32.self, forKey: \"size\") ?? 20"))
        #expect(output.contains("self.id = try container.decode(String.self, forKey: \"id\")"))
    }

    @Test(arguments: [
        ("INT32 a DEFAULT 3000000000;", "1:28: error: DEFAULT value 3000000000 does not fit in INT32"),
        ("UINT32 a DEFAULT -1;", "1:29: error: DEFAULT value -1 does not fit in UINT32"),
        ("BOOL a DEFAULT 1;", "1:27: error: DEFAULT value does not match the field's type 'BOOL'"),
        ("STRING a DEFAULT 1;", "1:29: error: DEFAULT value does not match the field's type 'STRING'"),
        ("INT32 a DEFAULT 1.5;", "1:28: error: DEFAULT value does not match the field's type 'INT32'"),
        ("DATE a DEFAULT \"2020\";", "1:27: error: DEFAULT is supported for STRING, BOOL, numeric, ANY and ENUM fields, not 'DATE'"),
        ("ARRAY<INT32> a DEFAULT 1;", "1:35: error: DEFAULT is supported for STRING, BOOL, numeric, ANY and ENUM fields"),
        ("ANY a DEFAULT 18446744073709551615;", "1:26: error: DEFAULT value 18446744073709551615 does not fit in an ANY integer literal (INT64)"),
    ] as [(String, String)])
    func defaultMustMatchType(field: String, expected: String) {
        #expect(summaries("STRUCT A { \(field) }") == [expected])
    }

    @Test func enumsHaveAFallbackCase() {
        let output = swift("""
            ENUM Status : STRING { ACTIVE = "active"; IN_REVIEW = "in-review"; }
            ENUM Code : INT32 { OK = 0; NEG = -1; }
            """)
        #expect(output.contains("public enum Status: RawRepresentable, Codable, Sendable, Hashable {\n    case active\n    case inReview\n"))
        #expect(output.contains("case unknown(String)"))
        #expect(output.contains("case \"in-review\": self = .inReview"))
        #expect(output.contains("default: self = .unknown(rawValue)"))
        #expect(output.contains("case unknown(Int32)"))
        #expect(output.contains("case -1: self = .neg"))
    }

    @Test func enumWithAnUnknownCaseRenamesTheFallback() {
        let output = swift("ENUM E : STRING { UNKNOWN = \"unknown\"; }")
        #expect(output.contains("case unknown\n"))
        #expect(output.contains("case unrecognized(String)"))
    }

    @Test(arguments: [
        ("ENUM E : DOUBLE { A = 1; }", "1:10: error: an ENUM's raw type must be STRING or an integer type, not 'DOUBLE'"),
        ("ENUM E : STRING { A = 1; }", "1:23: error: raw value of case 'A' must be a string to match 'STRING'"),
        ("ENUM E : INT32 { A = \"a\"; }", "1:22: error: raw value of case 'A' must be an integer to match 'INT32'"),
        ("ENUM E : STRING { A = \"a\"; B = \"a\"; }", "1:32: error: duplicate raw value in ENUM 'E'"),
        ("ENUM E : STRING { A = \"a\"; A = \"b\"; }", "1:28: error: duplicate enum case 'A'"),
        ("ENUM E : INT32 { A = 1; B = 01; }", "1:29: error: duplicate raw value in ENUM 'E'"),
        ("ENUM E : UINT32 { A = -1; }", "1:23: error: raw value -1 does not fit in UINT32"),
        ("ENUM E STRING { A = \"a\"; }", "1:8: error: expected ':' and a raw type (STRING or an integer type) after the enum name, found 'STRING'"),
    ] as [(String, String)])
    func enumRules(text: String, expected: String) {
        #expect(summaries(text) == [expected])
    }

    @Test func enumDefaultsUseCases() {
        let output = swift("""
            ENUM S : STRING { ON = "on"; OFF = "off"; }
            STRUCT A { S state DEFAULT "off"; }
            """)
        #expect(output.contains("state: S = .off"))
        #expect(summaries("ENUM S : STRING { ON = \"on\"; }\nSTRUCT A { S state DEFAULT \"x\"; }") == [
            "2:28: error: DEFAULT value is not a raw value of ENUM 'S'",
        ])
    }

    @Test func externDeclaresAUserType() {
        let output = swift("EXTERN Money;\nSTRUCT A { Money m; ARRAY<Money> all; }")
        #expect(output.contains("public var m: Money?"))
        #expect(output.contains("public var all: [Money]?"))
        #expect(!output.contains("struct Money"))
        #expect(TestSupport.compile("EXTERN Money;\nSTRUCT A { Money m; }", strict: true).succeeded)
    }

    @Test func placementPrefixes() {
        let output = swift("""
            MESSAGE /orders/$id {
                POST REQUEST {
                    QUERY BOOL dry_run = dry-run;
                    HEADER STRING token = X-Token;
                    REQUIRED HEADER INT32 attempt = X-Attempt;
                    PATH INT64 id;
                    BODY STRING note;
                    STRING sku;
                }
                POST RESPONSE {}
            }
            """)
        #expect(output.contains("public var id: Int64\n"))
        #expect(output.contains(#"public var path: EndpointPath { "/orders/\(String(self.id))" }"#))
        #expect(output.contains("{ HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }"))
        #expect(output.contains(#"self.dryRun, forKey: "dry-run")"#))
        #expect(output.contains(#"if let value = self.token { headers.add(name: "X-Token", value: value) }"#))
        #expect(output.contains(#"headers.add(name: "X-Attempt", value: String(self.attempt))"#))
        #expect(output.contains("{ .json(HTTPIDLRequestFields { try self.encodeBody(to: &$0) }) }"))
    }

    @Test func getFieldsGoToTheQueryAndBodyOverrides() {
        let output = swift("""
            MESSAGE /search {
                GET REQUEST { STRING q; BODY STRING filter; }
                GET RESPONSE {}
            }
            """)
        #expect(output.contains("{ HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }"))
        #expect(output.contains("{ .json(HTTPIDLRequestFields { try self.encodeBody(to: &$0) }) }"))
    }

    @Test(arguments: [
        ("PATH INT64 nope;", "3:20: error: PATH field 'nope' has no '$nope' in the URI"),
        ("QUERY STRING id;", "3:22: error: field 'id' has the name of the path parameter '$id'; remove its placement to give the parameter a type"),
        ("PATH ARRAY<STRING> id;", "3:14: error: a path parameter must be a scalar or ENUM type (not ARRAY, DICT, STRUCT, FILE, BLOB or ANY)"),
        ("HEADER BLOB h;", "3:16: error: a header must be a scalar or ENUM type (not ARRAY, DICT, STRUCT, FILE, BLOB or ANY)"),
        ("HEADER ANY h;", "3:16: error: a header must be a scalar or ENUM type (not ARRAY, DICT, STRUCT, FILE, BLOB or ANY)"),
        ("PATH ANY id;", "3:14: error: a path parameter must be a scalar or ENUM type (not ARRAY, DICT, STRUCT, FILE, BLOB or ANY)"),
        ("QUERY FILE f;", "3:15: error: FILE and BLOB cannot be sent in a query string; use a MULTIPART or BINARY request"),
        ("QUERY HEADER STRING x;", "3:15: error: a field has one placement; remove 'HEADER'"),
        ("PATH INT64 id DEFAULT 1;", "3:31: error: a path parameter cannot have a DEFAULT"),
        ("HEADER DATE since = If-Modified-Since;", "3:16: error: a DATE header would need the HTTP-date format; declare the header as STRING"),
    ] as [(String, String)])
    func placementRules(field: String, expected: String) {
        let text = "MESSAGE /a/$id {\n    POST REQUEST {\n        \(field)\n    }\n    POST RESPONSE {}\n}\n"
        #expect(summaries(text) == [expected])
    }

    @Test func bodyEncodings() {
        let output = swift("""
            STRUCT C { STRING u; }
            MESSAGE /x {
                POST REQUEST FORM { STRING user = username; }
                POST RESPONSE {}
                PUT REQUEST MULTIPART { STRING title; ARRAY<BLOB> parts; }
                PUT RESPONSE {}
                PATCH REQUEST BINARY { FILE; }
                PATCH RESPONSE {}
                DELETE REQUEST JSON { C; }
                DELETE RESPONSE {}
            }
            """)
        #expect(output.contains("{ .form(HTTPIDLRequestFields { try self.encodeBody(to: &$0) }) }"))
        #expect(output.contains(#"for value in self.parts ?? [] { form.append(value, name: "parts") }"#))
        #expect(output.contains("return .multipart(form)"))
        #expect(output.contains("{ .file(self.fileURL, contentType: self.contentType) }"))
        #expect(output.contains("public init(fileURL: URL, contentType: String = \"application/octet-stream\")"))
        #expect(output.contains("{ .json(self.payload) }"))
    }

    @Test(arguments: [
        ("POST REQUEST BINARY { STRING a; }", "2:18: error: a BINARY body is a single FILE or BLOB: '{ FILE; }'"),
        ("POST REQUEST BINARY { STRING; }", "2:27: error: a BINARY body is a single FILE or BLOB: '{ FILE; }'"),
        ("POST REQUEST MULTIPART { STRING; }", "2:30: error: a MULTIPART body needs named fields (one per part)"),
        ("POST REQUEST MULTIPART { DICT<STRING, STRING> d; }", "2:30: error: a MULTIPART part must be a scalar, ENUM, FILE or BLOB (or an ARRAY of them)"),
        ("POST REQUEST MULTIPART { ANY a; }", "2:30: error: a MULTIPART part must be a scalar, ENUM, FILE or BLOB (or an ARRAY of them)"),
        ("POST REQUEST FORM { ANY; }", "2:25: error: a single-value FORM body must be a STRUCT or DICT"),
        ("POST REQUEST FORM { BLOB b; }", "2:25: error: FILE and BLOB cannot be sent in a FORM body; use a MULTIPART or BINARY request"),
        ("POST REQUEST FORM { STRING; }", "2:25: error: a single-value FORM body must be a STRUCT or DICT"),
        ("POST REQUEST JSON { FILE f; }", "2:25: error: FILE (a file on disk) cannot be sent in a JSON body; use it in a MULTIPART or BINARY request or as a whole response body '{ FILE; }'"),
        ("GET RESPONSE JSON { STRING; }", "2:18: error: only a REQUEST has a body encoding; remove 'JSON'"),
    ] as [(String, String)])
    func encodingRules(part: String, expected: String) {
        let text = "MESSAGE /a {\n    \(part)\n    POST RESPONSE {}\n    GET RESPONSE {}\n    GET REQUEST {}\n}\n"
        let result = summaries(text.replacingOccurrences(of: "    GET REQUEST {}\n", with: part.hasPrefix("GET REQUEST") ? "" : "    GET REQUEST {}\n")
            .replacingOccurrences(of: "    POST RESPONSE {}\n", with: part.hasPrefix("POST") ? "    POST RESPONSE {}\n" : ""))
        #expect(result.first == expected)
    }

    @Test func typedErrorBodies() {
        let output = swift("""
            MESSAGE /pay {
                POST REQUEST {}
                POST RESPONSE {}
                POST ERROR { INT32 code; STRING message; }
                GET REQUEST {}
                GET RESPONSE {}
                GET ERROR { STRING; }
            }
            """)
        #expect(output.contains("public typealias APIErrorBody = PostPayErrorBody"))
        #expect(output.contains("public struct PostPayErrorBody: Codable, Sendable, Equatable"))
        #expect(output.contains("public typealias GetPayErrorBody = String"))
        #expect(summaries("MESSAGE /a {\n    GET ERROR {}\n}\n") == ["2:5: error: GET ERROR has no matching GET REQUEST"])
    }

    @Test func bracedPathParameters() {
        let output = swift("MESSAGE /files/${name}.${ext} {\n    GET REQUEST { PATH INT32 ext; }\n    GET RESPONSE {}\n}\n")
        #expect(output.contains(#"{ "/files/\(self.name).\(String(self.ext))" }"#))
        #expect(output.contains("public init(name: String, ext: Int32)"))
    }

    @Test func reservedRequestMemberNamesAreRenamed() {
        let output = swift("MESSAGE /a/$path {\n    GET REQUEST { STRING query = q; STRING headers; }\n    GET RESPONSE {}\n}\n")
        #expect(output.contains("public var pathValue: String"))
        #expect(output.contains("public var queryValue: String?"))
        #expect(output.contains(#"{ "/a/\(self.pathValue)" }"#))
        #expect(output.contains(#"self.queryValue, forKey: "q")"#))
        #expect(output.contains(#"self.headersValue, forKey: "headers")"#))
    }

    @Test func downloadsAreData() {
        let output = swift("MESSAGE /f {\n    GET REQUEST {}\n    GET RESPONSE { FILE; }\n}\n")
        #expect(output.contains("public typealias GetFResponse = Data"))
        // `Data` is the raw body: the client needs no decoder for it.
        #expect(!output.contains("responseDecoder"))
        #expect(!swift("MESSAGE /f {\n    GET REQUEST {}\n    GET RESPONSE { STRING; }\n}\n").contains("responseDecoder"))
    }

    @Test func typesAreSharedAcrossFiles() {
        let result = HTTPIDLCompiler().compile([
            SourceFile(name: "models.http", text: "STRUCT User { STRING name; }"),
            SourceFile(name: "api/users.http", text: "MESSAGE /me {\n    GET REQUEST {}\n    GET RESPONSE { User; }\n}\n"),
            SourceFile(name: "dup.http", text: "STRUCT User {}"),
        ])
        #expect(TestSupport.summaries(result) == ["1:8: error: duplicate declaration of 'User'; first declared in models.http:1:8"])
        let ok = HTTPIDLCompiler().compile([
            SourceFile(name: "models.http", text: "STRUCT User { STRING name; }"),
            SourceFile(name: "api/users.http", text: "MESSAGE /me {\n    GET REQUEST {}\n    GET RESPONSE { User; }\n}\n"),
        ])
        #expect(ok.outputs.map(\.fileName) == ["models.swift", "users.swift"])
        #expect(ok.outputs[1].contents.contains("public typealias GetMeResponse = User"))
    }

    @Test func externNamesCollideWithGeneratedTypes() {
        #expect(summaries("EXTERN GetARequest;\nMESSAGE /a {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n") == [
            "3:5: error: MESSAGE /a (GET) generates the type 'GetARequest', which already exists (at 1:8)",
        ])
    }

    @Test func sameOutputNameIsAnError() {
        let result = HTTPIDLCompiler().compile([
            SourceFile(name: "a/users.http", text: "STRUCT A {}"),
            SourceFile(name: "b/users.http", text: "STRUCT B {}"),
        ])
        #expect(TestSupport.summaries(result) == ["1:1: error: 'b/users.http' and 'a/users.http' would both generate 'users.swift'; rename one"])
        #expect(result.outputs.isEmpty)
    }

    @Test(arguments: ["String", "Data", "Query", "CodingKeys", "EndpointPath"])
    func reservedTypeNamesAreRejected(name: String) {
        #expect(summaries("STRUCT \(name) {}") == [
            "1:8: error: '\(name)' would shadow a Swift or Courier type used by the generated code; choose another name",
        ])
    }

    @Test(arguments: [
        ("/search?q", "1:16: error: a URI is a path only; '?' is not allowed (declare query parameters as QUERY fields)"),
        ("/a#frag", "1:11: error: a URI is a path only; '#' is not allowed (declare query parameters as QUERY fields)"),
        ("/a/100%", "1:15: error: malformed percent escape in the URI; '%' must be followed by two hex digits"),
        ("/a/%ZZ", "1:12: error: malformed percent escape in the URI; '%' must be followed by two hex digits"),
    ] as [(String, String)])
    func uriMustBeAValidPath(uri: String, expected: String) {
        #expect(summaries("MESSAGE \(uri) {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n") == [expected])
    }

    @Test func percentEscapesAreKept() {
        #expect(swift("MESSAGE /files/%E2%9C%93 {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n").contains(#"{ "/files/%E2%9C%93" }"#))
    }

    @Test func dictionaryKeysMustBeStringsOrIntegers() {
        #expect(summaries("STRUCT A { DICT<DOUBLE, STRING> d; }") == ["1:17: error: DICT keys must be STRING or an integer type, not 'DOUBLE'"])
        #expect(swift("STRUCT A { DICT<INT64, STRING> d; }").contains("public var d: [Int64: String]?"))
    }
}
