import CourierHTTP

/// One entry of a `Sec-WebSocket-Extensions` header (RFC 6455 §9.1): a name and its parameters, e.g.
/// `permessage-deflate; client_max_window_bits=10`.
package struct WebSocketExtension: Sendable, Hashable {
    /// A parameter: a token name and an optional value (a token, or a quoted string unquoted).
    package struct Parameter: Sendable, Hashable {
        /// The parameter's name, e.g. `server_no_context_takeover`.
        package var name: String
        /// The value after `=`, or nil.
        package var value: String?

        /// Creates a parameter.
        package init(_ name: String, _ value: String? = nil) {
            self.name = name
            self.value = value
        }
    }

    /// The extension's name, e.g. `permessage-deflate`.
    package var name: String
    /// Its parameters in order.
    package var parameters: [Parameter]

    /// Creates an extension entry.
    package init(name: String, parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
    }

    /// The entries of every `Sec-WebSocket-Extensions` value, in order.
    ///
    /// - Throws: `.handshakeFailed` when a name or parameter is not a token or a quoted string is unterminated.
    package static func parse(_ values: [String]) throws(WebSocketError) -> [WebSocketExtension] {
        var result: [WebSocketExtension] = []
        for value in values {
            for element in try split(value, on: ",") where !element.allSatisfy(\.isWhitespace) {
                let parts = try split(element, on: ";").map { $0.trimmingWhitespace }
                guard isToken(parts[0]) else { throw invalid("the extension name '\(parts[0])' is not a token") }
                var entry = WebSocketExtension(name: parts[0])
                for part in parts.dropFirst() { entry.parameters.append(try parameter(part)) }
                result.append(entry)
            }
        }
        return result
    }

    /// The header text, e.g. `permessage-deflate; server_max_window_bits=10`.
    package var headerValue: String {
        ([name] + parameters.map { parameter in parameter.value.map { "\(parameter.name)=\($0)" } ?? parameter.name }).joined(separator: "; ")
    }

    private static func parameter(_ text: String) throws(WebSocketError) -> Parameter {
        guard let equals = text.firstIndex(of: "=") else {
            guard isToken(text) else { throw invalid("the extension parameter '\(text)' is not a token") }
            return Parameter(text)
        }
        let name = String(text[..<equals]).trimmingWhitespace
        var value = String(text[text.index(after: equals)...]).trimmingWhitespace
        if value.hasPrefix("\""), value.count >= 2, value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\", with: "")
        }
        guard isToken(name), isToken(value) else { throw invalid("the extension parameter '\(text)' is malformed") }
        return Parameter(name, value)
    }

    /// `text` cut at each `separator` outside a quoted string.
    private static func split(_ text: String, on separator: Character) throws(WebSocketError) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == separator, !quoted {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        guard !quoted else { throw invalid("an unterminated quoted string in '\(text)'") }
        pieces.append(current)
        return pieces
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(HTTPMethod.isTokenByte)
    }

    private static func invalid(_ message: String) -> WebSocketError {
        WebSocketError(.handshakeFailed, "Sec-WebSocket-Extensions: \(message)")
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
              let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        return String(self[first...last])
    }
}
