import Foundation

/// A `multipart/form-data` body as the demo server reads it (RFC 7578): the server side checks what the
/// generated client uploaded, part by part.
struct MultipartForm {
    /// One part of the form.
    struct Part {
        /// The `name` parameter of `Content-Disposition`.
        var name: String
        /// The `filename` parameter, for file parts.
        var filename: String?
        /// The part's `Content-Type`, if it has one.
        var contentType: String?
        /// The part's bytes.
        var data: Data
    }

    /// Why a body is not a well-formed form.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// The parts in order.
    var parts: [Part]

    /// The first part named `name`.
    func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// Parses `body` using the boundary from `contentType` (`multipart/form-data; boundary=…`).
    init(body: Data, contentType: String) throws {
        guard let boundary = Self.boundary(in: contentType) else {
            throw ParseError(description: "Content-Type '\(contentType)' is not multipart/form-data with a boundary")
        }
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        guard let first = body.range(of: delimiter) else {
            throw ParseError(description: "the body does not contain the boundary")
        }
        var parts: [Part] = []
        var cursor = first.upperBound
        while true {
            // After a delimiter: "--" closes the form, CRLF starts a part.
            let rest = body[cursor...]
            if rest.starts(with: Data("--".utf8)) { break }
            guard rest.starts(with: crlf) else { throw ParseError(description: "a boundary line is not followed by CRLF") }
            let headerStart = cursor + crlf.count
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: headerStart..<body.endIndex) else {
                throw ParseError(description: "a part's header section does not end")
            }
            let headerText = String(decoding: body[headerStart..<headerEnd.lowerBound], as: UTF8.self)
            guard let next = body.range(of: crlf + delimiter, in: headerEnd.upperBound..<body.endIndex) else {
                throw ParseError(description: "a part is not followed by the boundary (truncated body?)")
            }
            parts.append(try Self.part(headers: headerText, data: body[headerEnd.upperBound..<next.lowerBound]))
            cursor = next.upperBound
        }
        self.parts = parts
    }

    private static func part(headers text: String, data: Data) throws -> Part {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "content-disposition":
                let parameters = Self.parameters(value)
                name = parameters["name"]
                filename = parameters["filename"]
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        guard let name else { throw ParseError(description: "a part has no Content-Disposition name") }
        return Part(name: name, filename: filename, contentType: contentType, data: Data(data))
    }

    /// `form-data; name="photo"; filename="rex.png"` → `["name": "photo", "filename": "rex.png"]`.
    private static func parameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        for item in value.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var parameterValue = pair[1].trimmingCharacters(in: .whitespaces)
            if parameterValue.count >= 2, parameterValue.hasPrefix("\""), parameterValue.hasSuffix("\"") {
                parameterValue = String(parameterValue.dropFirst().dropLast())
            }
            result[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] = parameterValue
        }
        return result
    }

    private static func boundary(in contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("boundary=") {
            var boundary = String(piece.dropFirst("boundary=".count))
            if boundary.count >= 2, boundary.hasPrefix("\""), boundary.hasSuffix("\"") {
                boundary = String(boundary.dropFirst().dropLast())
            }
            return boundary.isEmpty ? nil : boundary
        }
        return nil
    }
}
