import CourierHTTP
import Foundation

/// Lays out a `MultipartFormData` on the wire (RFC 7578 / RFC 2046):
///
/// ```
/// --boundary CRLF headers CRLF CRLF content CRLF  … (per part)
/// --boundary-- CRLF
/// ```
struct MultipartEncoder {
    var form: MultipartFormData

    /// The most boundaries drawn before giving up on a collision (practically never more than one).
    static let maximumBoundaryDraws = 8

    func encode() throws -> EncodedBody {
        var form = form
        try Self.validateBoundary(form.boundary)
        let heads = try form.parts.map(Self.partHead)
        var draws = 1
        while let collision = Self.collidingPart(form, heads: heads) {
            guard form.boundaryIsRandom, draws < Self.maximumBoundaryDraws else {
                throw NetworkError.encoding(EncodingFailure(
                    part: .body, message: "the multipart boundary '\(form.boundary)' occurs in part '\(collision)'"
                ))
            }
            form.redrawBoundary()
            draws += 1
        }

        let boundary = Data(form.boundary.utf8)
        var segments: [MultipartBodySource.Segment] = []
        var pending = Data()
        for (part, head) in zip(form.parts, heads) {
            pending.append(contentsOf: Self.dashes)
            pending.append(boundary)
            pending.append(contentsOf: Self.crlf)
            pending.append(head)
            switch part.content {
            case .data(let data):
                pending.append(data)
            case .file(let url):
                let length = try Self.fileLength(url)
                // A random boundary cannot be guessed; a fixed one may well occur in a file, so look.
                if !form.boundaryIsRandom, try Self.file(url, contains: Data(Self.dashes + form.boundary.utf8)) {
                    throw NetworkError.encoding(EncodingFailure(
                        part: .body, message: "the multipart boundary '\(form.boundary)' occurs in the file of part '\(part.name)'"
                    ))
                }
                if !pending.isEmpty { segments.append(.bytes(pending)) }
                pending = Data()
                segments.append(.file(url, length: length))
            }
            pending.append(contentsOf: Self.crlf)
        }
        pending.append(contentsOf: Self.dashes)
        pending.append(boundary)
        pending.append(contentsOf: Self.dashes)
        pending.append(contentsOf: Self.crlf)
        segments.append(.bytes(pending))

        let body: HTTPBody
        if segments.count == 1, case .bytes(let data) = segments[0] {
            body = .data(data)
        } else {
            body = .stream(MultipartBodySource(segments: segments))
        }
        return EncodedBody(contentType: form.contentType, body: body)
    }

    // MARK: - Headers

    /// The part's header block, ending with the empty line.
    static func partHead(_ part: MultipartFormData.Part) throws -> Data {
        var disposition = "form-data; name=\"\(escapeQuoted(part.name))\""
        if let filename = part.filename {
            let fallback = asciiFallback(filename)
            disposition += "; filename=\"\(fallback)\""
            if fallback != filename {
                disposition += "; filename*=UTF-8''\(rfc8187Encoded(filename))"
            }
        }
        var headers: HTTPHeaders = ["Content-Disposition": disposition]
        if let contentType = part.contentType {
            headers["Content-Type"] = contentType
        }
        headers = headers.merging(part.headers)
        try headers.validate(allowingUTF8: true)
        var text = ""
        for field in headers {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// A field name in a quoted string: `"`, CR and LF percent-escaped (the WHATWG / browser convention);
    /// other characters, UTF-8 included, as they are.
    static func escapeQuoted(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The ASCII `filename` fallback: printable ASCII kept, everything else (non-ASCII, controls, `"`, `\`,
    /// `%`) percent-encoded as UTF-8 (RFC 7578 §4.2), so it is always a safe quoted string.
    static func asciiFallback(_ filename: String) -> String {
        PercentEncoding.encode(filename, allowing: fallbackCharacters)
    }

    /// RFC 8187 `value-chars`: `attr-char` kept, every other UTF-8 byte percent-encoded.
    static func rfc8187Encoded(_ value: String) -> String {
        PercentEncoding.encode(value, allowing: attributeCharacters)
    }

    /// Printable ASCII (space included) but `"`, `\` and `%`.
    private static let fallbackCharacters = PercentEncoding.AllowedCharacters(
        ascii: String(decoding: (0x20...0x7E).filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "%") }, as: UTF8.self)
    )

    /// RFC 8187 `attr-char`: letters, digits and `!#$&+-.^_`|~`.
    private static let attributeCharacters = PercentEncoding.AllowedCharacters.unreserved
        .union(PercentEncoding.AllowedCharacters(ascii: "!#$&+^`|"))

    // MARK: - Boundary

    /// RFC 2046: 1–70 `bchars`, not ending with a space.
    static func validateBoundary(_ boundary: String) throws {
        let allowed = "'()+_,-./:=? "
        let isValid = (1...70).contains(boundary.utf8.count)
            && !boundary.hasSuffix(" ")
            && boundary.utf8.allSatisfy { byte in
                PercentEncoding.AllowedCharacters.unreserved.contains(byte) && byte != UInt8(ascii: "~") || allowed.utf8.contains(byte)
            }
        guard isValid else {
            throw NetworkError.encoding(EncodingFailure(
                part: .body, message: "'\(boundary)' is not a valid multipart boundary (1–70 characters of RFC 2046 bchars)"
            ))
        }
    }

    /// The name of the first in-memory part whose content or headers contain `--boundary` (the start of every
    /// delimiter line, RFC 2046 §5.1.1), if any.
    static func collidingPart(_ form: MultipartFormData, heads: [Data]) -> String? {
        let boundary = Data(dashes + form.boundary.utf8)
        for (part, head) in zip(form.parts, heads) {
            if head.range(of: boundary) != nil { return part.name }
            if case .data(let data) = part.content, data.range(of: boundary) != nil { return part.name }
        }
        return nil
    }

    // MARK: - Files

    static func fileLength(_ url: URL) throws -> Int64 {
        guard url.isFileURL else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "'\(url)' is not a file URL"))
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "no readable file at '\(url.path)'"))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? NSNumber else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "'\(url.path)' is not a regular file"))
        }
        return size.int64Value
    }

    /// Whether the file at `url` contains `needle`, read in chunks (never whole into memory); a match that
    /// straddles two chunks is found too.
    static func file(_ url: URL, contains needle: Data) throws -> Bool {
        let unreadable = NetworkError.encoding(EncodingFailure(part: .body, message: "cannot read the file at '\(url.path)'"))
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw unreadable }
        defer { try? handle.close() }
        var carry = Data()
        while true {
            let next: Data?
            do { next = try handle.read(upToCount: 64 * 1024) } catch { throw unreadable }
            guard let chunk = next, !chunk.isEmpty else { return false }
            var window = carry
            window.append(chunk)
            if window.range(of: needle) != nil { return true }
            carry = Data(window.suffix(needle.count - 1))
        }
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let dashes: [UInt8] = [0x2D, 0x2D]
}
