import CourierHTTP
import Foundation

/// The client's side of the opening handshake (RFC 6455 §4.1): the Upgrade request's headers with a fresh
/// `Sec-WebSocket-Key`, and the check of the server's `101` answer: `Upgrade`, `Connection`,
/// `Sec-WebSocket-Accept`, and that the subprotocol and extensions it picked are ones that were offered.
package struct WebSocketHandshake: Sendable, Hashable {
    /// What the server agreed to.
    package struct Negotiated: Sendable, Hashable {
        /// The subprotocol the server chose, if any.
        package var subprotocol: String?
        /// permessage-deflate's parameters, when the server accepted it.
        package var compression: PerMessageDeflate?
    }

    /// The `Sec-WebSocket-Key` sent: 16 random bytes, base64.
    package let key: String
    /// The subprotocols offered.
    package let subprotocols: [String]
    /// Whether permessage-deflate is offered.
    package let offersCompression: Bool

    /// The GUID RFC 6455 appends to the key before hashing.
    package static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A handshake for `configuration`, with a fresh random key unless one is given (tests).
    package init(configuration: WebSocketConfiguration, key: String? = nil) {
        self.key = key ?? Self.makeKey()
        subprotocols = configuration.subprotocols
        #if canImport(CZlib)
        offersCompression = configuration.compression
        #else
        offersCompression = false  // no zlib in this build: nothing to inflate with
        #endif
    }

    /// 16 bytes from the system's secure generator, base64 (RFC 6455 §4.1: a nonce, fresh per connection).
    package static func makeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server answers `key` with: base64 of SHA-1 of the key and the GUID.
    package static func accept(forKey key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The headers the Upgrade request adds to a GET.
    package var requestHeaders: HTTPHeaders {
        var headers: HTTPHeaders = ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13"]
        if !subprotocols.isEmpty { headers.add(name: "Sec-WebSocket-Protocol", value: subprotocols.joined(separator: ", ")) }
        if offersCompression { headers.add(name: "Sec-WebSocket-Extensions", value: PerMessageDeflate.clientOffer.headerValue) }
        return headers
    }

    /// Checks the server's answer and returns what was negotiated.
    ///
    /// - Throws: `.handshakeFailed` naming the first rule broken.
    package func validate(status: Int, headers: HTTPHeaders) throws(WebSocketError) -> Negotiated {
        guard status == 101 else { throw Self.failure("the server answered \(status), not 101 Switching Protocols") }
        guard headers.values(for: "Upgrade").contains(where: { $0.trimmingCharacters(in: .whitespaces).caseInsensitiveEquals("websocket") }) else {
            throw Self.failure("the 101 answer has no 'Upgrade: websocket'")
        }
        let connection = headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { $0.trimmingCharacters(in: .whitespaces).caseInsensitiveEquals("upgrade") }) else {
            throw Self.failure("the 101 answer has no 'Connection: Upgrade'")
        }
        let expected = Self.accept(forKey: key)
        guard headers.values(for: "Sec-WebSocket-Accept") == [expected] else {
            throw Self.failure("Sec-WebSocket-Accept is \(headers["Sec-WebSocket-Accept"] ?? "missing"), expected \(expected)")
        }
        return Negotiated(subprotocol: try subprotocol(headers), compression: try compression(headers))
    }

    private func subprotocol(_ headers: HTTPHeaders) throws(WebSocketError) -> String? {
        let values = headers.values(for: "Sec-WebSocket-Protocol")
        guard !values.isEmpty else { return nil }
        guard values.count == 1, let chosen = values.first, subprotocols.contains(chosen) else {
            throw Self.failure("the server chose the subprotocol \(values.joined(separator: ", ")), which was not offered (\(subprotocols))")
        }
        return chosen
    }

    private func compression(_ headers: HTTPHeaders) throws(WebSocketError) -> PerMessageDeflate? {
        let extensions = try WebSocketExtension.parse(headers.values(for: "Sec-WebSocket-Extensions"))
        guard let first = extensions.first else { return nil }
        guard extensions.count == 1, first.name == PerMessageDeflate.name, offersCompression else {
            throw Self.failure("the server chose the extensions \(extensions.map(\.name)), which were not offered")
        }
        return try PerMessageDeflate(response: first)
    }

    private static func failure(_ message: String) -> WebSocketError {
        WebSocketError(.handshakeFailed, message)
    }
}
