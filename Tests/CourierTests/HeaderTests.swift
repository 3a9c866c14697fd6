import Foundation
import Testing
@testable import Courier

@Suite("HTTPHeaders and HTTPMethod")
struct HeaderTests {
    @Test func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Trace-ID": "abc"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["x-trace-id"] == "abc")
        #expect(headers.contains("CONTENT-TYPE"))
        #expect(headers["Accept"] == nil)
        #expect(!headers.contains("Content-Typ"))
    }

    @Test func orderAndRepeatedFieldsAreKept() {
        var headers: HTTPHeaders = [:]
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "Accept", value: "*/*")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers.fields.map(\.name) == ["Set-Cookie", "Accept", "set-cookie"])
        #expect(headers["set-cookie"] == "a=1")
        #expect(headers.uniqueNames == ["Set-Cookie", "Accept"])
        #expect(headers.count == 3)
    }

    @Test func settingReplacesEveryFieldAtTheFirstPosition() {
        var headers = HTTPHeaders([("A", "1"), ("Cookie", "x"), ("B", "2"), ("cookie", "y")])
        headers["COOKIE"] = "z"
        #expect(headers.fields == [.init(name: "A", value: "1"), .init(name: "COOKIE", value: "z"), .init(name: "B", value: "2")])
        headers["cookie"] = nil
        #expect(headers.fields.map(\.name) == ["A", "B"])
        headers["New"] = "n"
        #expect(headers.fields.last == .init(name: "New", value: "n"))
    }

    @Test func mergingReplacesSameNamesAndAppendsTheRest() {
        let base: HTTPHeaders = ["Accept": "text/html", "User-Agent": "a", "X-A": "1"]
        let merged = base.merging(["accept": "application/json", "X-B": "2"])
        #expect(merged.fields.map(\.name) == ["User-Agent", "X-A", "accept", "X-B"])
        #expect(merged["Accept"] == "application/json")
        #expect(merged.values(for: "accept").count == 1)
    }

    @Test func removeAndDescription() {
        var headers: HTTPHeaders = ["A": "1", "B": "2"]
        headers.remove(name: "a")
        #expect(headers.description == "B: 2")
        #expect(!headers.isEmpty)
    }

    @Test func caseInsensitiveComparisonIsASCIIOnly() {
        #expect("ABC-1".caseInsensitiveEquals("abc-1"))
        #expect(!"a-".caseInsensitiveEquals("a\r"))   // '-' | 0x20 == '\r' | 0x20 would be wrong
        #expect(!"[".caseInsensitiveEquals("{"))      // differ only in bit 0x20 but not letters
        #expect(!"ab".caseInsensitiveEquals("abc"))
    }

    static let invalidFields: [(String, String, String)] = [
        ("X-Evil", "a\r\nInjected: 1", "CR or LF"),
        ("X-Evil", "a\nb", "CR or LF"),
        ("X-Evil", "a\rb", "CR or LF"),
        ("X-Evil", "a\u{0}b", "NUL"),
        ("X-Evil", "a\u{7}b", "control character"),
        ("X-Evil", "a\u{7F}b", "control character"),
        ("X-Evil\r\nInjected", "1", "CR or LF"),
        ("X-Evil\0", "1", "NUL"),
        ("", "1", "empty"),
        ("Bad Name", "1", "token"),
        ("Bad:Name", "1", "token"),
        ("Ünicode", "1", "token"),
    ]

    @Test(arguments: invalidFields)
    func invalidFieldsAreRejected(_ name: String, _ value: String, _ reason: String) {
        let error = #expect(throws: NetworkError.self) { try HTTPHeaders([(name, value)]).validate() }
        guard case .configuration(reason: .invalidHeader(let badName, let message))? = error else {
            Issue.record("expected .invalidHeader, got \(String(describing: error))")
            return
        }
        #expect(badName == name)
        #expect(message.contains(reason), "\(message)")
    }

    @Test func validFieldsPass() throws {
        try HTTPHeaders([
            ("Accept", "application/json"), ("X-Tab", "a\tb"),
            ("X-Empty", ""), ("x!#$%&'*+-.^_`|~", "token chars"),
        ]).validate()
    }

    static let methods: [(HTTPMethod, Bool)] = [
        (.get, true), (.post, true), ("PURGE", true), ("M-SEARCH", true), ("x!#$%&'*+-.^_`|~1", true),
        ("", false), ("GE T", false), ("GET\r\n", false), ("G(ET)", false), ("GÉT", false), ("a/b", false),
    ]

    @Test(arguments: methods)
    func methodTokens(_ method: HTTPMethod, _ valid: Bool) {
        #expect(method.isValidToken == valid)
    }

    /// RFC 9110 §5.6.2 `tchar`, written out here independently of the masks in `HTTPMethod.isTokenByte`.
    @Test func tokenBytesAreExactlyRFC9110Tchar() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPMethod.isTokenByte(byte) == tchar.contains(byte), "byte 0x\(String(byte, radix: 16))")
        }
    }

    @Test func methodProperties() {
        #expect(HTTPMethod.put.isIdempotent && !HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
        #expect(HTTPMethod.get.sendsParametersInQuery && HTTPMethod.delete.sendsParametersInQuery)
        #expect(!HTTPMethod.post.sendsParametersInQuery && !HTTPMethod.put.sendsParametersInQuery)
        #expect(!HTTPMethod.get.allowsBody && !HTTPMethod.head.allowsBody && HTTPMethod.delete.allowsBody)
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod.options.description == "OPTIONS")
    }
}
