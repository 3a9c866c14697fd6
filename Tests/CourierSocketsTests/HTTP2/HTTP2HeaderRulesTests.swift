import CourierHTTP
import Testing
@testable import CourierSockets

@Suite("HTTP/2 header list rules")
struct HTTP2HeaderRulesTests {
    struct Rejected: CustomTestStringConvertible, Sendable {
        let name: String
        let fields: [HPACKHeaderField]
        let rule: HTTP2HeaderListError.Rule
        var testDescription: String { name }
    }

    static let ok = HPACKHeaderField(":status", "200")

    static let rejected: [Rejected] = [
        .init(name: "uppercase name", fields: [ok, .init("Content-Type", "text/plain")], rule: .invalidName),
        .init(name: "empty name", fields: [ok, .init("", "x")], rule: .invalidName),
        .init(name: "space in a name", fields: [ok, .init("x y", "1")], rule: .invalidName),
        .init(name: "colon inside a name", fields: [ok, .init("x:y", "1")], rule: .invalidName),
        .init(name: "non-ASCII name", fields: [ok, .init("caf\u{e9}", "1")], rule: .invalidName),
        .init(name: "control character in a name", fields: [ok, .init("x\u{1}", "1")], rule: .invalidName),
        .init(name: "connection", fields: [ok, .init("connection", "close")], rule: .connectionSpecificField),
        .init(name: "keep-alive", fields: [ok, .init("keep-alive", "timeout=5")], rule: .connectionSpecificField),
        .init(name: "proxy-connection", fields: [ok, .init("proxy-connection", "keep-alive")], rule: .connectionSpecificField),
        .init(name: "transfer-encoding", fields: [ok, .init("transfer-encoding", "chunked")], rule: .connectionSpecificField),
        .init(name: "upgrade", fields: [ok, .init("upgrade", "h2c")], rule: .connectionSpecificField),
        .init(name: "te other than trailers", fields: [ok, .init("te", "gzip")], rule: .connectionSpecificField),
        .init(name: "NUL in a value", fields: [ok, .init("x", "a\u{0}b")], rule: .invalidValue),
        .init(name: "CR in a value", fields: [ok, .init("x", "a\rb")], rule: .invalidValue),
        .init(name: "LF in a value", fields: [ok, .init("x", "a\nb")], rule: .invalidValue),
        .init(name: "leading space in a value", fields: [ok, .init("x", " a")], rule: .invalidValue),
        .init(name: "trailing tab in a value", fields: [ok, .init("x", "a\t")], rule: .invalidValue),
        .init(name: "pseudo-header after a regular field", fields: [.init("x", "1"), ok], rule: .pseudoHeaderAfterRegularField),
        .init(name: "request pseudo-header in a response", fields: [ok, .init(":path", "/")], rule: .unexpectedPseudoHeader),
        .init(name: "unknown pseudo-header", fields: [.init(":foo", "1"), ok], rule: .unexpectedPseudoHeader),
        .init(name: "two :status", fields: [ok, .init(":status", "204")], rule: .duplicateStatus),
        .init(name: "no :status", fields: [.init("x", "1")], rule: .missingStatus),
        .init(name: "empty list", fields: [], rule: .missingStatus),
        .init(name: ":status of two digits", fields: [.init(":status", "20")], rule: .invalidStatus),
        .init(name: ":status of four digits", fields: [.init(":status", "2000")], rule: .invalidStatus),
        .init(name: ":status with a sign", fields: [.init(":status", "+20")], rule: .invalidStatus),
        .init(name: ":status with a reason", fields: [.init(":status", "200 OK")], rule: .invalidStatus),
    ]

    @Test("a response breaking a rule is rejected with that rule", arguments: rejected)
    func rejectsResponse(_ example: Rejected) {
        do {
            _ = try HTTP2HeaderRules.response(example.fields)
            Issue.record("accepted")
        } catch {
            #expect(error.rule == example.rule, "\(error)")
            if case .transport(let failure) = error.networkError {
                #expect(failure.kind == .badServerResponse)
            } else {
                Issue.record("\(error.networkError) is not a transport failure")
            }
        }
    }

    @Test("a valid response gives its status and regular fields in order")
    func acceptsResponse() throws {
        let head = try HTTP2HeaderRules.response([
            .init(":status", "404"), .init("content-type", "text/plain"), .init("te", "trailers"), .init("x-a", "b c"),
            .init("set-cookie", "a=1"), .init("set-cookie", "b=2"), .init("x-empty", ""),
        ])
        #expect(head.status == 404)
        #expect(head.headers.fields.map(\.name) == ["content-type", "te", "x-a", "set-cookie", "set-cookie", "x-empty"])
        #expect(head.headers.values(for: "set-cookie") == ["a=1", "b=2"])
    }

    @Test("trailers: regular fields only, the same name and value rules")
    func trailers() throws {
        #expect(try HTTP2HeaderRules.trailers([.init("grpc-status", "0")]).fields.map(\.value) == ["0"])
        #expect(try HTTP2HeaderRules.trailers([]).isEmpty)
        #expect(throws: HTTP2HeaderListError(.unexpectedPseudoHeader, "the trailers have the pseudo-header ':status'")) {
            try HTTP2HeaderRules.trailers([.init(":status", "200")])
        }
        #expect { try HTTP2HeaderRules.trailers([.init("Grpc-Status", "0")]) } throws: { ($0 as? HTTP2HeaderListError)?.rule == .invalidName }
        #expect { try HTTP2HeaderRules.trailers([.init("connection", "x")]) } throws: {
            ($0 as? HTTP2HeaderListError)?.rule == .connectionSpecificField
        }
    }

    @Test("a request starts with its pseudo-headers, then lowercased fields")
    func request() {
        let fields = HTTP2HeaderRules.request(
            method: "POST", scheme: "https", authority: "example.com:8443", path: "/upload?x=1",
            headers: ["Content-Type": "application/json", "X-Request-ID": "42"]
        )
        #expect(HPACKVectorTests.plain(fields) == [
            ":method: POST", ":scheme: https", ":authority: example.com:8443", ":path: /upload?x=1",
            "content-type: application/json", "x-request-id: 42",
        ])
    }

    @Test("connection-specific fields, those Connection names, and te other than trailers are dropped")
    func requestDropsConnectionFields() {
        let headers = HTTPHeaders([
            ("Connection", "keep-alive, X-Hop"), ("Keep-Alive", "timeout=5"), ("Proxy-Connection", "keep-alive"),
            ("Transfer-Encoding", "chunked"), ("Upgrade", "h2c"), ("X-Hop", "1"), ("TE", "gzip"), ("Accept", "*/*"),
        ])
        let fields = HTTP2HeaderRules.request(method: "GET", scheme: "http", authority: "a", path: "/", headers: headers)
        #expect(fields.dropFirst(4).map(\.name) == ["accept"])
        let trailers = HTTP2HeaderRules.request(method: "GET", scheme: "http", authority: "a", path: "/", headers: ["TE": " Trailers"])
        #expect(HPACKVectorTests.plain(Array(trailers.dropFirst(4))) == ["te: Trailers"])
    }

    @Test("Host becomes :authority")
    func requestHost() {
        let fields = HTTP2HeaderRules.request(
            method: "GET", scheme: "https", authority: "10.0.0.1", path: "/", headers: ["Host": "api.example.com", "Accept": "*/*"]
        )
        #expect(HPACKVectorTests.plain(fields) == [":method: GET", ":scheme: https", ":authority: api.example.com", ":path: /", "accept: */*"])
    }

    @Test("cookies are split into one field per crumb; values are trimmed")
    func requestCookies() {
        let fields = HTTP2HeaderRules.request(
            method: "GET", scheme: "https", authority: "a", path: "/", headers: [("Cookie", "a=1; b=2;c=3; "), ("X-Pad", "  v ")].reduce(into: HTTPHeaders()) {
                $0.add(name: $1.0, value: $1.1)
            }
        )
        #expect(HPACKVectorTests.plain(Array(fields.dropFirst(4))) == ["cookie: a=1", "cookie: b=2", "cookie: c=3", "x-pad: v"])
    }

    @Test("CONNECT has only :method and :authority")
    func connect() {
        let fields = HTTP2HeaderRules.request(method: "CONNECT", scheme: "https", authority: "a:443", path: "/", headers: [:])
        #expect(HPACKVectorTests.plain(fields) == [":method: CONNECT", ":authority: a:443"])
    }

    @Test("a built request passes the name and value rules (checked as trailers)")
    func requestIsValid() throws {
        let fields = HTTP2HeaderRules.request(
            method: "GET", scheme: "https", authority: "a", path: "/", headers: ["User-Agent": "courier", "Cookie": "a=1; b=2"]
        )
        _ = try HTTP2HeaderRules.trailers(Array(fields.dropFirst(4)))
    }
}
