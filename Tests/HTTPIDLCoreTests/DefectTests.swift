import Testing
@testable import HTTPIDLCore

/// IDL.md section 2: each defect of the original compiler, one test per row.
@Suite struct DefectTests {
    // Row 1: parsing silently stops at the first unexpected token; a file starting with `//` compiles to nothing.
    @Test func unexpectedTokenIsReportedAndParsingContinues() {
        let result = TestSupport.compile("""
            MESSAGE /a {
                GET REQUEST {
                    STRING a
                    INT32 b;
                }
                GET RESPONSE {}
            }
            STRUCT B { % bad; }
            STRUCT C { Nope c; INT32 ok; }
            """)
        #expect(TestSupport.summaries(result) == [
            "3:17: error: expected ';' after field 'a'",
            "8:12: error: '%' is not a valid type name",
            "9:12: warning: unknown type 'Nope'; declare it with 'EXTERN Nope;' if it is a Swift type you provide",
        ])
        #expect(result.outputs.isEmpty)
    }

    @Test func fileStartingWithLineCommentCompilesTheRest() {
        let result = TestSupport.compile("//MESSAGE /old {}\nMESSAGE /a {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(TestSupport.swift(result).contains("public struct GetARequest: APIDefinition"))
    }

    @Test func fileWithOnlyACommentIsReported() {
        let result = TestSupport.compile("// just a comment\n")
        #expect(TestSupport.summaries(result) == ["1:1: warning: file declares nothing (no MESSAGE, STRUCT, ENUM, EXTERN or UNION)"])
    }

    // Row 2: empty URI, `/a__b`, `/_x` segments crash the compiler → valid names or a diagnostic.
    @Test(arguments: [
        ("/a__b/_x", "GetABXRequest"),
        ("/", "GetRootRequest"),
        ("/__init__/x_", "GetInitXRequest"),
        ("/a/", "GetARequest"),
    ] as [(String, String)])
    func oddSegmentsGetValidNames(uri: String, typeName: String) {
        let result = TestSupport.compile("MESSAGE \(uri) {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(TestSupport.swift(result).contains("public struct \(typeName): APIDefinition"))
    }

    @Test func emptyURIIsDiagnosed() {
        let result = TestSupport.compile("MESSAGE {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == ["1:9: error: expected a URI starting with '/', found '{'"])
    }

    @Test(arguments: ["/_", "/__/-"])
    func segmentsWithoutLettersAreDiagnosed(uri: String) {
        let result = TestSupport.compile("MESSAGE \(uri) {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == [
            "1:9: error: cannot derive a type name from the URI '\(uri)'; name the message with 'MESSAGE(Name)'",
        ])
    }

    // Row 3: recursive / mutually recursive STRUCTs crash → supported with indirect storage.
    @Test func recursiveStructsUseIndirectStorage() {
        let result = TestSupport.compile("""
            STRUCT Node { Node next; ARRAY<Node> children; }
            STRUCT A { B b; }
            STRUCT B { REQUIRED A a; C c; }
            STRUCT C { STRING leaf; }
            """)
        #expect(result.diagnostics.isEmpty)
        let swift = TestSupport.swift(result)
        #expect(swift.contains("private var _next: HTTPIDLIndirect<Node>?"))
        #expect(swift.contains("public var children: [Node]?"))
        #expect(swift.contains("private var _b: HTTPIDLIndirect<B>?"))
        #expect(swift.contains("private var _a: HTTPIDLIndirect<A>\n"))
        #expect(swift.contains("public var c: C?"))
        #expect(swift.contains("fileprivate final class HTTPIDLIndirect"))
    }

    // Row 4: `$id.json` inside a segment → `${id}.json` supported; invalid names diagnosed.
    @Test func bracedParameterInsideSegment() {
        let result = TestSupport.compile("MESSAGE /files/${id}.json {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(TestSupport.swift(result).contains(#"public var path: EndpointPath { "/files/\(self.id).json" }"#))
        #expect(TestSupport.swift(result).contains("struct GetFilesIdJsonRequest"))
    }

    @Test func unbracedParameterFollowedByTextIsDiagnosed() {
        let result = TestSupport.compile("MESSAGE /files/$id.json {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == [
            "1:16: error: '$id.json' is not a valid parameter name; write '${id}.json' for a parameter followed by text",
        ])
    }

    @Test func invalidParameterNameIsDiagnosed() {
        let result = TestSupport.compile("MESSAGE /files/${2x} {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == ["1:18: error: expected a parameter name inside '${…}', found '2x'"])
    }

    // Row 5: `-`, `.`, non-ASCII in a URI without MESSAGE(Name) → a valid derived name.
    @Test(arguments: [
        ("/user-profiles/v1.2", "GetUserProfilesV12Request"),
        ("/café/menü", "GetCafMenRequest"),
        ("/v2/users:batchGet", "GetV2UsersBatchGetRequest"),
        ("/snaps/$snap_id/actions", "GetSnapsSnapIdActionsRequest"),
    ] as [(String, String)])
    func derivedNamesAreValidSwift(uri: String, typeName: String) {
        let result = TestSupport.compile("MESSAGE \(uri) {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(TestSupport.swift(result).contains("public struct \(typeName): APIDefinition"))
    }

    @Test func nonASCIIOnlyURINeedsAName() {
        let result = TestSupport.compile("MESSAGE /사용자 {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == [
            "1:9: error: cannot derive a type name from the URI '/사용자'; name the message with 'MESSAGE(Name)'",
        ])
        let named = TestSupport.compile("MESSAGE(Users) /사용자 {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.swift(named).contains("public struct GetUsersRequest"))
        #expect(TestSupport.swift(named).contains(#"{ "/사용자" }"#))
    }

    // Row 6: Swift keywords as field names, `"` or `\` in keys → backticks and escaped literals.
    @Test func keywordsAreBacktickedAndKeysEscaped() {
        let result = TestSupport.compile(#"""
            STRUCT K {
                BOOL default;
                STRING class = "a\"b";
                STRING self = a\\b;
            }
            """#)
        #expect(result.diagnostics.isEmpty)
        let swift = TestSupport.swift(result)
        #expect(swift.contains("public var `default`: Bool?"))
        #expect(swift.contains(#"self.`class`, forKey: "a\"b")"#))
        #expect(swift.contains(#"self.selfValue, forKey: "a\\b")"#))
    }

    // Row 7: undefined types, duplicate messages/structs/fields, request without response → diagnostics.
    @Test func undefinedAndDuplicateDeclarations() {
        let result = TestSupport.compile("""
            STRUCT User { Usr owner; }
            STRUCT User {}
            STRUCT Dup { INT32 a; INT32 a; STRING b = k; STRING c = k; }
            MESSAGE /x {
                GET REQUEST {}
            }
            MESSAGE /y {
                GET REQUEST {}
                GET RESPONSE {}
                POST RESPONSE {}
                GET REQUEST {}
            }
            MESSAGE /y {
                GET REQUEST {}
                GET RESPONSE {}
            }
            """)
        #expect(TestSupport.summaries(result) == [
            "1:15: error: unknown type 'Usr'; did you mean 'User'?",
            "2:8: error: duplicate declaration of 'User'; first declared at 1:8",
            "3:29: error: duplicate field 'a'",
            "3:57: error: duplicate wire key 'k'",
            "5:5: error: GET REQUEST has no matching GET RESPONSE",
            "10:5: error: POST RESPONSE has no matching POST REQUEST",
            "11:5: error: duplicate GET REQUEST in this MESSAGE",
            "14:5: error: MESSAGE /y (GET) generates the type 'GetYRequest', which already exists (at 8:5)",
            "15:5: error: MESSAGE /y (GET) generates the type 'GetYResponse', which already exists (at 9:5)",
        ])
        #expect(result.outputs.isEmpty)
    }

    @Test func unknownTypeIsAnErrorWithStrict() {
        let text = "STRUCT A { Money m; }"
        #expect(TestSupport.summaries(TestSupport.compile(text)) == [
            "1:12: warning: unknown type 'Money'; declare it with 'EXTERN Money;' if it is a Swift type you provide",
        ])
        #expect(TestSupport.compile(text).succeeded)
        let strict = TestSupport.compile(text, strict: true)
        #expect(TestSupport.summaries(strict) == [
            "1:12: error: unknown type 'Money'; declare it with 'EXTERN Money;' if it is a Swift type you provide",
        ])
        #expect(strict.outputs.isEmpty)
    }

    // Row 8: empty STRUCT → compiles.
    @Test func emptyStructCompiles() {
        let result = TestSupport.compile("STRUCT Empty {}\nSTRUCT Holder { Empty e; }")
        #expect(result.diagnostics.isEmpty)
        #expect(TestSupport.swift(result).contains("public struct Empty: Codable, Sendable, Equatable {\n    /// Creates a `Empty`.\n    public init() {}\n}"))
    }

    // Row 9: whitespace and comments vanish inside URIs and keys → a space ends the token; diagnosed.
    @Test func spaceInURIIsDiagnosed() {
        let result = TestSupport.compile("MESSAGE /a b {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == ["1:12: error: a space ends the URI; unexpected 'b' (spaces cannot appear in a URI)"])
    }

    @Test func commentInURIIsDiagnosed() {
        let result = TestSupport.compile("MESSAGE /a/*x*/b {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n")
        #expect(TestSupport.summaries(result) == ["1:16: error: a space ends the URI; unexpected 'b' (spaces cannot appear in a URI)"])
    }

    @Test func spaceInKeyIsDiagnosed() {
        let result = TestSupport.compile("STRUCT A {\n    STRING name = user name;\n}\n")
        #expect(TestSupport.summaries(result) == ["2:24: error: a space ends the wire key; unexpected 'name' (quote the key to include spaces)"])
        let quoted = TestSupport.compile("STRUCT A {\n    STRING name = \"user name\";\n}\n")
        #expect(TestSupport.swift(quoted).contains(#"self.name, forKey: "user name")"#))
    }

    // Row 10: every field optional, no way to say required → REQUIRED.
    @Test func requiredFieldsAreNonOptional() {
        let result = TestSupport.compile("STRUCT A {\n    REQUIRED STRING id;\n    STRING note;\n}\n")
        let swift = TestSupport.swift(result)
        #expect(swift.contains("public var id: String\n"))
        #expect(swift.contains("public var note: String?\n"))
        #expect(swift.contains("public init(id: String, note: String? = nil)"))
    }
}
