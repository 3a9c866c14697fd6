import Foundation
import Testing
import URLQueryCoding

@Suite struct PercentEncodingTests {
    /// The wire rules: unreserved stays, everything else is escaped; space is %20 in queries, + in forms.
    @Test(arguments: [
        ("abcXYZ019-._~", "abcXYZ019-._~", "abcXYZ019-._~"),
        ("a+b", "a%2Bb", "a%2Bb"),
        ("a b", "a%20b", "a+b"),
        ("a&b=c", "a%26b%3Dc", "a%26b%3Dc"),
        ("#frag", "%23frag", "%23frag"),
        ("[x]", "%5Bx%5D", "%5Bx%5D"),
        ("100%", "100%25", "100%25"),
        ("a,b|c;d/e?f:g@h!$'()*", "a%2Cb%7Cc%3Bd%2Fe%3Ff%3Ag%40h%21%24%27%28%29%2A",
         "a%2Cb%7Cc%3Bd%2Fe%3Ff%3Ag%40h%21%24%27%28%29%2A"),
        ("é漢😀", "%C3%A9%E6%BC%A2%F0%9F%98%80", "%C3%A9%E6%BC%A2%F0%9F%98%80"),
        ("\n\t\"<>\\^`{}", "%0A%09%22%3C%3E%5C%5E%60%7B%7D", "%0A%09%22%3C%3E%5C%5E%60%7B%7D"),
    ])
    func queryAndFormComponents(_ raw: String, query: String, form: String) throws {
        #expect(PercentEncoding.encodeQueryComponent(raw) == query)
        #expect(PercentEncoding.encodeFormComponent(raw) == form)
        #expect(try PercentEncoding.decode(query) == raw)
        #expect(try PercentEncoding.decode(form, plusAsSpace: true) == raw)
    }

    @Test func wholeQueryStringAndFormBody() throws {
        struct Model: Encodable {
            let q: String
            let user: User
        }
        let value = Model(q: "a+b c&d=e#f", user: User(name: "kim lee", age: 1))
        #expect(try URLQueryEncoder().encodeQueryString(value)
            == "q=a%2Bb%20c%26d%3De%23f&user%5Bage%5D=1&user%5Bname%5D=kim%20lee")
        let body = try URLQueryEncoder().encodeFormBody(value)
        #expect(String(decoding: body, as: UTF8.self) == "q=a%2Bb+c%26d%3De%23f&user%5Bage%5D=1&user%5Bname%5D=kim+lee")
    }

    @Test(arguments: ["a/b?c#d", "..", "a b", "é"])
    func pathSegments(_ raw: String) throws {
        let encoded = PercentEncoding.encodePathSegment(raw)
        #expect(!encoded.contains("/") && !encoded.contains("?") && !encoded.contains("#") && !encoded.contains(" "))
        #expect(try PercentEncoding.decode(encoded) == raw)
    }

    @Test func pathSegmentKeepsSubDelimiters() {
        #expect(PercentEncoding.encodePathSegment("a+b=c:d@e") == "a+b=c:d@e")
    }

    @Test(arguments: [("%", 0), ("a%2", 1), ("%ZZ", 0), ("ok%G1", 2), ("%%41", 0)])
    func malformedEscapesAreRejected(_ input: String, offset: Int) {
        #expect(throws: PercentEncodingError(kind: .malformedEscape, offset: offset)) { try PercentEncoding.decode(input) }
        #expect(throws: PercentEncodingError(kind: .malformedEscape, offset: offset)) {
            try PercentEncoding.encodePreservingEscapes(input, allowing: .pathSegment)
        }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: PercentEncodingError(kind: .invalidUTF8, offset: 0)) { try PercentEncoding.decode("%FF%FE") }
    }

    @Test(arguments: [
        ("users/%E2%9C%93", "users/%E2%9C%93"),
        ("my docs/é", "my%20docs/%C3%A9"),
        ("a%2fb", "a%2fb"),
    ])
    func encodePreservingEscapes(_ input: String, expected: String) throws {
        let allowed = PercentEncoding.AllowedCharacters.pathSegment.union(.init(ascii: "/"))
        #expect(try PercentEncoding.encodePreservingEscapes(input, allowing: allowed) == expected)
    }

    @Test func plusIsLiteralUnlessAskedOtherwise() throws {
        #expect(try PercentEncoding.decode("a+b") == "a+b")
        #expect(try PercentEncoding.decode("a+b", plusAsSpace: true) == "a b")
    }
}
