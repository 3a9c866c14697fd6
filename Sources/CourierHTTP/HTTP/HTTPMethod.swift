/// An HTTP request method: an open set of tokens (RFC 9110 §9), with the standard ones as constants.
///
/// A struct rather than an enum because servers define their own methods (`PURGE`, WebDAV's `PROPFIND`): any
/// token can be sent, and the constants cover the common ones.
///
/// ```swift
/// let method: HTTPMethod = .post
/// let custom: HTTPMethod = "PURGE"
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the request line, e.g. `GET`.
    public let rawValue: String

    /// Creates a method from its token. Validity (RFC 9110 `token` characters) is checked when a request is
    /// built, so an invalid method surfaces as `NetworkError.configuration(reason: .invalidRequest)`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a method from a string literal, e.g. `"PURGE"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The method token, as sent.
    public var description: String { rawValue }

    /// `GET`: reads a resource. Idempotent, so retried; the only method the HTTP cache stores. An endpoint's
    /// `GET` cannot carry a body (its parameters go into the query).
    public static let get: HTTPMethod = "GET"
    /// `POST`: creates or acts. Not idempotent: retried only with an `Idempotency-Key` header; a 301 or 302
    /// redirect turns it into a `GET`.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: replaces a resource. Idempotent, so retried.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: changes part of a resource. Not idempotent: retried only with an `Idempotency-Key` header.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: removes a resource. Idempotent, so retried.
    public static let delete: HTTPMethod = "DELETE"
    /// `HEAD`: a `GET` without the body, to read headers (size, `ETag`) cheaply. Cannot carry an endpoint's body.
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`: asks what the server allows. Idempotent.
    public static let options: HTTPMethod = "OPTIONS"
    /// `TRACE`: echoes the request back, for debugging. Cannot carry an endpoint's body.
    public static let trace: HTTPMethod = "TRACE"
    /// `CONNECT`: opens a tunnel through a proxy; the transports send it themselves for an `https` proxy, so an
    /// endpoint rarely needs it.
    public static let connect: HTTPMethod = "CONNECT"

    /// Whether the method is idempotent (RFC 9110 §9.2.2), so a retry cannot repeat a side effect: the retry
    /// policy resends only these (or requests with an `Idempotency-Key`).
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .trace: true
        default: false
        }
    }

    /// Whether the method is a valid RFC 9110 token (non-empty; visible ASCII without separators). Checked when
    /// a request is built, because a space or CR in a method would corrupt the request line.
    public var isValidToken: Bool {
        var text = rawValue
        // unsafe pointers: `withUTF8` lends the bytes for the closure only, and they are only read there (one
        // scan over contiguous bytes instead of the generic UTF-8 view iterator, for every request).
        return !text.isEmpty && text.withUTF8 { $0.allSatisfy(HTTPMethod.isTokenByte) }
    }

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``. Every header name of every request is checked
    /// byte by byte, so by two 64-bit masks (bit n of `tokenMaskLow` is byte n, bit n of `tokenMaskHigh` byte
    /// 64 + n) rather than a search through the punctuation.
    @inline(__always)
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        byte < 64 ? (tokenMaskLow >> UInt64(byte)) & 1 != 0 : byte < 128 ? (tokenMaskHigh >> UInt64(byte - 64)) & 1 != 0 : false
    }

    private static let tokenMaskLow: UInt64 = 0x03FF_6CFA_0000_0000
    private static let tokenMaskHigh: UInt64 = 0x57FF_FFFF_C7FF_FFFE
}
