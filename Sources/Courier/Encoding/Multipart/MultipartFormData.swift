import CourierHTTP
import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, in-memory `Data` parts and file parts streamed from
/// disk when the request is sent (never read whole into memory).
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Kim", name: "author")
/// form.append(thumbnail, name: "thumb", filename: "thumb.png", contentType: "image/png")
/// form.append(fileAt: videoURL, name: "video")          // filename and type from the URL
/// let body = RequestBody.multipart(form)
/// ```
///
/// - Names and filenames are written as quoted strings with `"`, CR and LF percent-escaped (as browsers do),
///   so no name can break the part's headers. A filename that is not plain ASCII also gets a
///   `filename*=UTF-8''…` parameter (RFC 8187) next to an ASCII `filename` fallback.
/// - The boundary is random (`courier-` + 32 hex digits, 128 random bits). If an in-memory part happens to
///   contain it, a new one is drawn; a boundary you chose yourself that collides fails instead.
/// - The encoded body has an exact `contentLength` (file sizes are read when the body is encoded), so it is
///   sent with `Content-Length`, which many upload servers require, and progress can be reported.
public struct MultipartFormData: Sendable {
    /// One part of the form, as the `append` methods build it (read by the encoder and by tests).
    package struct Part: Sendable {
        /// Where a part's content comes from.
        package enum Content: Sendable {
            /// Bytes in memory.
            case data(Data)
            /// A file streamed from disk.
            case file(URL)
        }

        /// The form field name.
        package var name: String
        /// The filename sent in `Content-Disposition`, if any.
        package var filename: String?
        /// The part's `Content-Type`, or `nil` for none (a text field; RFC 7578 means `text/plain`).
        package var contentType: String?
        /// Extra header fields for this part (a `Content-Type` here replaces `contentType`).
        package var headers: HTTPHeaders
        /// The content.
        package var content: Content

        /// Creates a part.
        package init(name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = [:], content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.headers = headers
            self.content = content
        }
    }

    /// The parts in order.
    package private(set) var parts: [Part] = []
    /// The boundary; random unless given to `init(boundary:)`.
    package private(set) var boundary: String
    /// Whether `boundary` was drawn at random (and may be redrawn on a collision).
    let boundaryIsRandom: Bool

    /// Creates an empty form with a random boundary, redrawn if a part happens to contain it, so no content
    /// can end a part early.
    public init() {
        self.boundary = Self.randomBoundary()
        self.boundaryIsRandom = true
    }

    /// Creates an empty form with a fixed boundary (1–70 RFC 2046 `bchars`; checked when encoded). Useful for
    /// reproducible bytes in tests; a collision with part content then throws `NetworkError.encoding` instead
    /// of redrawing. It costs a read of every file part when encoded, to look for the boundary in it.
    public init(boundary: String) {
        self.boundary = boundary
        self.boundaryIsRandom = false
    }

    /// Appends a text field (UTF-8, no `Content-Type`, which RFC 7578 reads as `text/plain`), with optional
    /// extra part headers: what an HTML form's text inputs send. An invalid header throws
    /// `NetworkError.configuration` when the request is built.
    public mutating func append(_ value: String, name: String, headers: HTTPHeaders = [:]) {
        parts.append(Part(name: name, headers: headers, content: .data(Data(value.utf8))))
    }

    /// Appends bytes held in memory; `contentType` defaults to `application/octet-stream`, the type that
    /// promises nothing about the content. The bytes are copied into the body, so prefer `append(fileAt:…)`
    /// for anything large.
    public mutating func append(
        _ data: Data, name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = [:]
    ) {
        parts.append(Part(
            name: name, filename: filename, contentType: contentType ?? "application/octet-stream",
            headers: headers, content: .data(data)
        ))
    }

    /// Appends a file, streamed from disk when the request is sent, so a large upload never sits in memory.
    /// `filename` defaults to the file's name and `contentType` to a type guessed from its extension
    /// (`application/octet-stream` when unknown). The file must still be there when the request is built: a
    /// missing or non-regular file throws `NetworkError.encoding`.
    public mutating func append(
        fileAt url: URL, name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = [:]
    ) {
        parts.append(Part(
            name: name, filename: filename ?? url.lastPathComponent,
            contentType: contentType ?? Self.mimeType(forPathExtension: url.pathExtension),
            headers: headers, content: .file(url)
        ))
    }

    /// Appends a part.
    package mutating func append(_ part: Part) {
        parts.append(part)
    }

    /// `multipart/form-data; boundary=…` for the current boundary, quoted when it holds a character that
    /// may not appear in an RFC 2045 token (space, `(`, `)`, `,`, `/`, `:`, `=`, `?`), so a server reads
    /// the whole boundary.
    package var contentType: String {
        let needsQuotes = boundary.utf8.contains { "()<>@,;:\\\"/[]?= ".utf8.contains($0) }
        return needsQuotes ? "multipart/form-data; boundary=\"\(boundary)\"" : "multipart/form-data; boundary=\(boundary)"
    }

    /// Encodes the form: in-memory bytes when every part is in memory, otherwise a replayable source that
    /// streams file parts in chunks.
    ///
    /// - Throws: `NetworkError.configuration(reason: .invalidHeader)` for a bad part header,
    ///   `NetworkError.encoding` for a missing file or an unusable or colliding fixed boundary.
    package func encoded() throws -> EncodedBody {
        try MultipartEncoder(form: self).encode()
    }

    /// A new random boundary: `courier-` followed by 128 random bits in hex.
    package static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "courier-" + hex(high) + hex(low)
    }

    /// A `Content-Type` for a file extension (`png` → `image/png`), or `application/octet-stream`.
    package static func mimeType(forPathExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "txt", "text": "text/plain"
        case "html", "htm": "text/html"
        case "css": "text/css"
        case "csv": "text/csv"
        case "js": "text/javascript"
        case "json": "application/json"
        case "xml": "application/xml"
        case "pdf": "application/pdf"
        case "zip": "application/zip"
        case "gz": "application/gzip"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "heic": "image/heic"
        case "svg": "image/svg+xml"
        case "mp3": "audio/mpeg"
        case "m4a": "audio/mp4"
        case "wav": "audio/wav"
        case "mp4": "video/mp4"
        case "mov": "video/quicktime"
        default: "application/octet-stream"
        }
    }

    mutating func redrawBoundary() {
        boundary = Self.randomBoundary()
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension RequestBody {
    /// A `multipart/form-data` body; file parts are streamed from disk, and the body replays from the start on
    /// a retry. See ``MultipartFormData`` for the boundary and the errors.
    public static func multipart(_ form: MultipartFormData) -> RequestBody {
        RequestBody(MultipartBodyEncoder(form))
    }
}
