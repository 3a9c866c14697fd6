import CourierHTTP
import Foundation

/// Decodes the body as text into a `String`, using the `charset` of `Content-Type` (UTF-8, US-ASCII,
/// ISO-8859-1, UTF-16) or UTF-8 when none is given. Bytes that are not valid in that charset fail rather than
/// being replaced, so a wrong charset is reported instead of showing up as garbled text. Use it for
/// `text/plain`, CSV or HTML bodies; for raw bytes, make `Data` the response type instead.
public struct TextResponseDecoder: ResponseDecoder {
    /// Creates the decoder; it has no settings, since the charset comes from each response's `Content-Type`.
    public init() {}

    /// Decodes a `String`; any other type throws (the client never asks a decoder for `EmptyResponse` or
    /// `Data`).
    ///
    /// - Throws: `NetworkError.decoding` when `type` is not `String`, the charset is unknown, or the bytes are
    ///   not valid in it.
    public func decode<T: Decodable>(_ type: T.Type, from body: Data, headers: HTTPHeaders) throws -> T {
        guard type == String.self else {
            throw NetworkError.decoding(DecodingFailure(
                typeName: String(describing: type), codingPath: "",
                message: "TextResponseDecoder decodes only String"
            ))
        }
        let charset = Self.charset(of: headers["Content-Type"]) ?? "utf-8"
        guard let encoding = Self.encoding(named: charset) else {
            throw NetworkError.decoding(DecodingFailure(
                typeName: "String", codingPath: "", message: "unsupported charset '\(charset)'"
            ))
        }
        guard let text = String(data: body, encoding: encoding), let value = text as? T else {
            throw NetworkError.decoding(DecodingFailure(
                typeName: "String", codingPath: "", message: "the body is not valid \(charset)"
            ))
        }
        return value
    }

    /// The `charset` parameter of a `Content-Type` value, lowercased and unquoted.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }

    static func encoding(named name: String) -> String.Encoding? {
        switch name {
        case "utf-8", "utf8": .utf8
        case "us-ascii", "ascii": .ascii
        case "iso-8859-1", "latin1", "iso_8859-1": .isoLatin1
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        default: nil
        }
    }
}
