import Testing
@testable import HTTPIDLCore

/// Odd but plausible files: keyword names, case-only differences, huge and deep inputs, CRLF, BOM, tabs.
/// Each goes through every property of `CorpusMutationTests.check` plus its own expectation.
@Suite struct UnusualInputTests {
    static let keywords = [
        "MESSAGE", "STRUCT", "ENUM", "EXTERN", "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "TRACE", "CONNECT",
        "OPTIONS", "REQUEST", "RESPONSE", "ERROR", "REQUIRED", "DEFAULT", "QUERY", "HEADER", "PATH", "BODY", "JSON",
        "FORM", "MULTIPART", "BINARY", "ARRAY", "DICT", "INT32", "UINT32", "INT64", "UINT64", "BOOL", "DOUBLE",
        "STRING", "FILE", "BLOB", "INT", "FLOAT", "DATE", "UUID", "URL",
    ]

    static let sample = """
        /// A user.
        STRUCT User {
            REQUIRED INT64 id;
            STRING name = user_name;
        }
        MESSAGE /users/$id {
            GET REQUEST {}
            GET RESPONSE { User; }
        }

        """

    @Test func keywordsAsFieldNamesAreNamesOrDiagnosed() {
        let fields = Self.keywords.map { "    INT32 \($0.lowercased());\n    INT32 x_\($0) = \($0);" }.joined(separator: "\n")
        #expect(CorpusMutationTests.check("STRUCT K {\n\(fields)\n}\n", context: "lower-case keywords"))
        for keyword in Self.keywords {
            CorpusMutationTests.check("STRUCT K { INT32 \(keyword); }\n", context: keyword)
            CorpusMutationTests.check("STRUCT \(keyword) {}\n", context: keyword)
        }
    }

    @Test(arguments: [
        "STRUCT user { INT32 id; }\nSTRUCT User { INT32 id; }\n",
        "STRUCT A { INT32 id; INT32 ID; INT32 Id = x; }\n",
        "STRUCT A { INT32 _; }\n", "STRUCT A { INT32 __; }\n", "STRUCT _ {}\n",
        "STRUCT A { INT32 1abc; }\n", "STRUCT 1A {}\n", "MESSAGE /1/2/3 { GET REQUEST {} GET RESPONSE {} }\n",
        "STRUCT A { INT32 caf\u{E9}; }\n", "STRUCT \u{1F680} {}\n", "STRUCT A { INT32 \u{1F680}; }\n",
        "MESSAGE /\u{1F680}/$id { GET REQUEST {} GET RESPONSE {} }\n",
        "MESSAGE /users { GET REQUEST {} GET RESPONSE {} }\nMESSAGE /USERS { GET REQUEST {} GET RESPONSE {} }\n",
        "ENUM E : STRING { A = \"a\"; a = \"b\"; UNKNOWN = \"c\"; unknown = \"d\"; }\n",
        "STRUCT A { INT32 self; INT32 Type; INT32 init; INT32 class; INT32 `x; }\n",
    ])
    func pathologicalNamesAreValidSwiftOrDiagnosed(text: String) {
        CorpusMutationTests.check(text, context: text)
    }

    @Test func onlyCommentsCompileWithOneWarning() {
        let text = "// one\n/* two\n   lines */\n/// three\n"
        #expect(CorpusMutationTests.check(text, context: "comments only"))
        #expect(TestSupport.summaries(TestSupport.compile(text))
                == ["1:1: warning: file declares nothing (no MESSAGE, STRUCT, ENUM, EXTERN or UNION)"])
    }

    static func variant(_ name: String, of text: String) -> String {
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        switch name {
        case "crlf": return crlf
        case "bom": return "\u{FEFF}" + text
        case "tabs": return text.replacingOccurrences(of: "    ", with: "\t")
        default: return "\u{FEFF}" + crlf.replacingOccurrences(of: "    ", with: "\t")
        }
    }

    @Test(arguments: ["crlf", "bom", "tabs", "bom+crlf+tabs"])
    func layoutVariantsGenerateTheSameSwift(name: String) {
        let variant = Self.variant(name, of: Self.sample)
        #expect(CorpusMutationTests.check(variant, context: name))
        #expect(TestSupport.swift(TestSupport.compile(variant)) == TestSupport.swift(TestSupport.compile(Self.sample)))
    }

    /// Speed is measured by courier-bench, not asserted here; the time limit only catches a quadratic blow-up
    /// that would hang, and is generous enough for a loaded machine under the thread sanitizer.
    @Test(.timeLimit(.minutes(5))) func tenThousandFieldStruct() {
        let fields = (0..<10_000).map { "    INT32 f\($0);" }.joined(separator: "\n")
        let text = "STRUCT Wide {\n\(fields)\n}\n"
        let result = TestSupport.compile(text)
        #expect(result.succeeded)
        #expect(TestSupport.swift(result).contains("public var f9999: Int32?"))
    }

    @Test(arguments: [10, Parser.maximumTypeDepth - 1, Parser.maximumTypeDepth + 1, 5_000])
    func deeplyNestedGenerics(depth: Int) {
        let type = String(repeating: "ARRAY<DICT<STRING, ", count: depth / 2) + "INT32" + String(repeating: ">>", count: depth / 2)
        let text = "STRUCT Deep { \(type) value; }\n"
        let compiled = CorpusMutationTests.check(text, context: "depth \(depth)")
        #expect(compiled == (depth < Parser.maximumTypeDepth))
    }
}
