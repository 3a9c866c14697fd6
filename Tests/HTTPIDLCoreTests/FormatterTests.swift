import Testing
@testable import HTTPIDLCore

@Suite struct FormatterTests {
    private func format(_ text: String) -> String? {
        IDLFormatter.format(SourceFile(name: "t.http", text: text)).text
    }

    @Test func producesCanonicalLayout() {
        let messy = """
            /* header */
            MESSAGE   (Named)/users/$id{GET REQUEST JSON{REQUIRED   INT32 a=x DEFAULT 1;HEADER  STRING t = X-T;}
            GET RESPONSE{ARRAY< DICT<STRING,INT32 > >;}}
            STRUCT   Empty{ }
            ENUM E:STRING{A="a";}
            EXTERN   Money ;
            """
        #expect(format(messy) == """
            /* header */
            MESSAGE(Named) /users/$id {
                GET REQUEST JSON {
                    REQUIRED INT32 a = x DEFAULT 1;
                    HEADER STRING t = X-T;
                }
                GET RESPONSE { ARRAY<DICT<STRING, INT32>>; }
            }

            STRUCT Empty {}

            ENUM E : STRING {
                A = "a";
            }

            EXTERN Money;

            """)
    }

    @Test func keepsCommentsInsideEmptyBodies() {
        let text = "STRUCT A {\n    // nothing yet\n}\n"
        #expect(format(text) == text)
    }

    @Test func refusesFilesWithErrors() {
        let (text, diagnostics) = IDLFormatter.format(SourceFile(name: "t.http", text: "STRUCT A {"))
        #expect(text == nil)
        #expect(diagnostics.containsErrors)
    }

    @Test func escapesKeysAndURIs() {
        let text = "MESSAGE /a\\(b\\) {\n    GET REQUEST {\n        STRING a = x\\;y;\n        STRING b = \"q \\\"k\\\"\";\n    }\n    GET RESPONSE {}\n}\n"
        #expect(format(text) == text)
    }

    @Test func isIdempotentOnMessyInput() throws {
        let once = try #require(format("STRUCT A{INT32 a;// c\n/* d */STRING b;}MESSAGE /x{GET REQUEST{}GET RESPONSE{}}"))
        #expect(format(once) == once)
    }
}
