import CourierHTTP

/// The parameters of the permessage-deflate extension (RFC 7692) as negotiated, and the negotiation: the
/// client's offer, its check of the server's answer, and the server's choice (MockWebServer).
package struct PerMessageDeflate: Sendable, Hashable {
    /// The server resets its compression context after each message.
    package var serverNoContextTakeover = false
    /// The client resets its compression context after each message.
    package var clientNoContextTakeover = false
    /// The server's LZ77 window, 2^bits bytes (8-15).
    package var serverMaxWindowBits = 15
    /// The client's LZ77 window, 2^bits bytes (8-15).
    package var clientMaxWindowBits = 15

    /// The extension's name.
    package static let name = "permessage-deflate"
    /// What a client offers: the extension, able to take any `client_max_window_bits` the server asks for.
    package static let clientOffer = WebSocketExtension(name: name, parameters: [.init("client_max_window_bits")])

    /// Creates parameters (all defaults: context kept, 15-bit windows).
    package init(serverNoContextTakeover: Bool = false, clientNoContextTakeover: Bool = false,
                 serverMaxWindowBits: Int = 15, clientMaxWindowBits: Int = 15) {
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
    }

    /// The client's reading of the server's answer to `clientOffer` (RFC 7692 §7.1).
    ///
    /// - Throws: `.handshakeFailed` for an unknown or repeated parameter, a value where none belongs, or a
    ///   window size that is missing or outside 8-15.
    package init(response: WebSocketExtension) throws(WebSocketError) {
        var seen: Set<String> = []
        for parameter in response.parameters {
            guard seen.insert(parameter.name).inserted else { throw Self.invalid("repeats \(parameter.name)") }
            switch parameter.name {
            case "server_no_context_takeover", "client_no_context_takeover":
                guard parameter.value == nil else { throw Self.invalid("gives \(parameter.name) a value") }
                if parameter.name == "server_no_context_takeover" { serverNoContextTakeover = true } else { clientNoContextTakeover = true }
            case "server_max_window_bits", "client_max_window_bits":
                guard let bits = Self.windowBits(parameter.value) else {
                    throw Self.invalid("gives \(parameter.name) the value \(parameter.value ?? "none") (8-15 required)")
                }
                if parameter.name == "server_max_window_bits" { serverMaxWindowBits = bits } else { clientMaxWindowBits = bits }
            default:
                throw Self.invalid("has the unknown parameter \(parameter.name)")
            }
        }
    }

    /// The server's choice for a client's offers (MockWebServer): the first permessage-deflate offer it can
    /// honor, or nil. It grants what the offer asks (no context takeover, a smaller server window from 9 up;
    /// zlib cannot compress with 8) and leaves the client's window at 15.
    package static func accept(_ offers: [WebSocketExtension]) -> PerMessageDeflate? {
        offerLoop: for offer in offers where offer.name == name {
            var chosen = PerMessageDeflate()
            for parameter in offer.parameters {
                switch (parameter.name, parameter.value) {
                case ("server_no_context_takeover", nil): chosen.serverNoContextTakeover = true
                case ("client_no_context_takeover", nil): chosen.clientNoContextTakeover = true
                case ("client_max_window_bits", let value):
                    if let value, windowBits(value) == nil { continue offerLoop }
                case ("server_max_window_bits", let value):
                    guard let bits = windowBits(value), bits >= 9 else { continue offerLoop }
                    chosen.serverMaxWindowBits = bits
                default: continue offerLoop
                }
            }
            return chosen
        }
        return nil
    }

    /// The server's `Sec-WebSocket-Extensions` answer for these parameters.
    package var response: WebSocketExtension {
        var parameters: [WebSocketExtension.Parameter] = []
        if serverNoContextTakeover { parameters.append(.init("server_no_context_takeover")) }
        if clientNoContextTakeover { parameters.append(.init("client_no_context_takeover")) }
        if serverMaxWindowBits < 15 { parameters.append(.init("server_max_window_bits", String(serverMaxWindowBits))) }
        if clientMaxWindowBits < 15 { parameters.append(.init("client_max_window_bits", String(clientMaxWindowBits))) }
        return WebSocketExtension(name: Self.name, parameters: parameters)
    }

    /// Whether the peer of `role` resets its context after each message (so our inflater must too).
    package func receivesWithoutContextTakeover(as role: WebSocketRole) -> Bool {
        role == .client ? serverNoContextTakeover : clientNoContextTakeover
    }

    /// Whether `role` resets its compression context after each message it sends.
    package func sendsWithoutContextTakeover(as role: WebSocketRole) -> Bool {
        role == .client ? clientNoContextTakeover : serverNoContextTakeover
    }

    /// The window `role` compresses with (see `makeDeflater(as:)` for the 8-bit case).
    package func sendWindowBits(as role: WebSocketRole) -> Int {
        role == .client ? clientMaxWindowBits : serverMaxWindowBits
    }

    /// `8`-`15` written plainly (no sign, no leading zero), else nil.
    private static func windowBits(_ value: String?) -> Int? {
        guard let value, value.utf8.count <= 2, value.first != "0", value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let bits = Int(value), (8...15).contains(bits) else { return nil }
        return bits
    }

    private static func invalid(_ message: String) -> WebSocketError {
        WebSocketError(.handshakeFailed, "the server's permessage-deflate answer \(message)")
    }
}
