import CourierHTTP
import Foundation
import Testing
@testable import CourierSockets

@Suite("WebSocket opening handshake (RFC 6455 §4) and extension negotiation (RFC 7692 §7.1)")
struct WebSocketHandshakeTests {
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="

    static func answer(_ extra: [(String, String)] = [], key: String = key) -> HTTPHeaders {
        HTTPHeaders([("Upgrade", "websocket"), ("Connection", "Upgrade"),
                     ("Sec-WebSocket-Accept", WebSocketHandshake.accept(forKey: key))] + extra)
    }

    @Test("the RFC 6455 §1.3 example: dGhlIHNhbXBsZSBub25jZQ== is accepted with s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    func rfcAcceptExample() {
        #expect(WebSocketHandshake.accept(forKey: Self.key) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("each key is 16 fresh random bytes in base64")
    func keys() {
        let keys = (0..<20).map { _ in WebSocketHandshake.makeKey() }
        #expect(Set(keys).count == 20)
        #expect(keys.allSatisfy { Data(base64Encoded: $0)?.count == 16 })
    }

    @Test("the request headers offer version 13, the subprotocols and (with zlib) permessage-deflate")
    func requestHeaders() {
        let handshake = WebSocketHandshake(configuration: .init(subprotocols: ["chat", "superchat"]), key: Self.key)
        let headers = handshake.requestHeaders
        #expect(headers["Upgrade"] == "websocket")
        #expect(headers["Connection"] == "Upgrade")
        #expect(headers["Sec-WebSocket-Version"] == "13")
        #expect(headers["Sec-WebSocket-Key"] == Self.key)
        #expect(headers["Sec-WebSocket-Protocol"] == "chat, superchat")
        #if canImport(CZlib)
        #expect(headers["Sec-WebSocket-Extensions"] == "permessage-deflate; client_max_window_bits")
        #endif
        #expect(WebSocketHandshake(configuration: .init(compression: false)).requestHeaders["Sec-WebSocket-Extensions"] == nil)
    }

    @Test("a 101 with the right headers negotiates the chosen subprotocol; case does not matter in Upgrade/Connection")
    func success() throws {
        let handshake = WebSocketHandshake(configuration: .init(compression: false, subprotocols: ["chat", "v2"]), key: Self.key)
        let headers = HTTPHeaders([("upgrade", "WebSocket"), ("connection", "keep-alive, upgrade"),
                                   ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), ("Sec-WebSocket-Protocol", "v2")])
        let negotiated = try handshake.validate(status: 101, headers: headers)
        #expect(negotiated.subprotocol == "v2")
        #expect(negotiated.compression == nil)
    }

    @Test("each broken rule fails the handshake", arguments: [
        (200, [("Upgrade", "websocket"), ("Connection", "Upgrade")]),
        (101, [("Connection", "Upgrade")]),
        (101, [("Upgrade", "websocket")]),
        (101, [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")]),
    ] as [(Int, [(String, String)])])
    func brokenRules(status: Int, fields: [(String, String)]) {
        let handshake = WebSocketHandshake(configuration: .init(), key: Self.key)
        var headers = HTTPHeaders(fields)
        if !headers.contains("Sec-WebSocket-Accept") { headers.add(name: "Sec-WebSocket-Accept", value: "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") }
        #expect(throws: WebSocketError.self) { try handshake.validate(status: status, headers: headers) }
        do {
            _ = try handshake.validate(status: status, headers: headers)
        } catch {
            #expect(error.kind == .handshakeFailed)
        }
    }

    @Test("the server may only pick what was offered: another subprotocol, one when none was offered, an extension")
    func onlyWhatWasOffered() {
        let offered = WebSocketHandshake(configuration: .init(compression: false, subprotocols: ["chat"]), key: Self.key)
        #expect(throws: WebSocketError.self) { try offered.validate(status: 101, headers: Self.answer([("Sec-WebSocket-Protocol", "other")])) }
        let none = WebSocketHandshake(configuration: .init(compression: false), key: Self.key)
        #expect(throws: WebSocketError.self) { try none.validate(status: 101, headers: Self.answer([("Sec-WebSocket-Protocol", "chat")])) }
        #expect(throws: WebSocketError.self) {
            try none.validate(status: 101, headers: Self.answer([("Sec-WebSocket-Extensions", "permessage-deflate")]))
        }
        let compressing = WebSocketHandshake(configuration: .init(), key: Self.key)
        #expect(throws: WebSocketError.self) {
            try compressing.validate(status: 101, headers: Self.answer([("Sec-WebSocket-Extensions", "x-webkit-deflate-frame")]))
        }
    }

    @Test("permessage-deflate answers: all four parameters are read; bad values, repeats and unknown ones fail")
    func deflateParameters() throws {
        let parse = { (value: String) throws(WebSocketError) -> PerMessageDeflate in
            try PerMessageDeflate(response: try WebSocketExtension.parse([value])[0])
        }
        let full = try parse("permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10; client_max_window_bits=\"12\"")
        #expect(full == PerMessageDeflate(serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 10, clientMaxWindowBits: 12))
        #expect(try parse("permessage-deflate") == PerMessageDeflate())
        for bad in ["server_max_window_bits=7", "server_max_window_bits=16", "server_max_window_bits", "client_max_window_bits",
                    "server_max_window_bits=010", "server_max_window_bits=+9", "server_no_context_takeover=1",
                    "server_no_context_takeover; server_no_context_takeover", "mystery"] {
            #expect(throws: WebSocketError.self) { try parse("permessage-deflate; " + bad) }
        }
        #expect(throws: WebSocketError.self) { try WebSocketExtension.parse(["permessage-deflate; x=\"open"]) }
    }

    #if canImport(CZlib)
    @Test("with zlib, a permessage-deflate answer negotiates compression; two extensions in the answer fail")
    func deflateNegotiated() throws {
        let handshake = WebSocketHandshake(configuration: .init(), key: Self.key)
        let negotiated = try handshake.validate(status: 101, headers: Self.answer([("Sec-WebSocket-Extensions", "permessage-deflate; server_max_window_bits=9")]))
        #expect(negotiated.compression?.serverMaxWindowBits == 9)
        #expect(throws: WebSocketError.self) {
            try handshake.validate(status: 101, headers: Self.answer([("Sec-WebSocket-Extensions", "permessage-deflate, permessage-deflate")]))
        }
    }
    #endif

    @Test("the server side (MockWebServer) grants an offer's requests and skips offers it cannot honor")
    func serverAccepts() throws {
        let offers = try WebSocketExtension.parse(["permessage-deflate; server_max_window_bits=8, permessage-deflate; client_no_context_takeover; server_max_window_bits=10"])
        let chosen = try #require(PerMessageDeflate.accept(offers))
        #expect(chosen == PerMessageDeflate(clientNoContextTakeover: true, serverMaxWindowBits: 10))
        #expect(chosen.response.headerValue == "permessage-deflate; client_no_context_takeover; server_max_window_bits=10")
        #expect(PerMessageDeflate.accept(try WebSocketExtension.parse(["permessage-deflate; unknown"])) == nil)
    }
}
