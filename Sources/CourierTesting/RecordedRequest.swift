import Courier
import Foundation

/// A request as the server received it: the bytes on the wire, not what the client meant to send, so a test
/// can check the encoding a client produced (percent-escapes, header order, chunking) as a server sees it.
public struct RecordedRequest: Sendable {
    /// The method as sent, e.g. `GET` (not case-normalised, so a client's spelling is checked too).
    public var method: String
    /// The request target exactly as sent, e.g. `/users/a%20b?x=1`; compare it to check a client's
    /// percent-encoding, and use `path` or `queryItems` to check meaning instead.
    public var target: String
    /// The HTTP version from the request line, e.g. `HTTP/1.1`; `HTTP/2` for a request received over HTTP/2,
    /// so a test can check which protocol a client negotiated.
    public var version: String
    /// The header fields in the order received. Over HTTP/2 the pseudo-header fields are not among them, and
    /// `:authority` is recorded as `host` first when no `host` field came (as a gateway to HTTP/1.1 would),
    /// so one assertion on `Host` holds over both protocols.
    public var headers: MockHeaders
    /// The body bytes, at most `Configuration.maxRecordedBodyBytes` of them (see `isBodyTruncated`), so a test
    /// of a huge upload does not hold it in memory.
    public var body: Data
    /// The full body length received, even when `body` holds only its first bytes: check it to verify that an
    /// upload arrived whole.
    public var bodySize: Int64
    /// The size of each chunk, when the body was sent with `Transfer-Encoding: chunked`; otherwise nil. It
    /// shows whether a client streamed an upload and in what slices.
    public var chunkSizes: [Int]?
    /// Trailer fields after a chunked body (and trailing HEADERS over HTTP/2); empty when none came.
    public var trailers: MockHeaders
    /// The order of this request among all requests the server received (0, 1, 2, ...), to check the order
    /// of concurrent or retried requests.
    public var sequenceNumber: Int
    /// The connection it arrived on (0, 1, 2, ... in order of acceptance). Equal IDs mean keep-alive reuse.
    public var connectionID: Int
    /// The order of this request on its connection (0 for the first request of a connection); a value above 0
    /// proves the client reused a connection.
    public var connectionSequenceNumber: Int

    /// Creates a record (the server creates these; public for tests of code that consumes them, such as a
    /// dispatcher). `bodySize` defaults to the length of `body`.
    public init(
        method: String, target: String, version: String = "HTTP/1.1", headers: MockHeaders = [:],
        body: Data = Data(), bodySize: Int64? = nil, chunkSizes: [Int]? = nil, trailers: MockHeaders = [:],
        sequenceNumber: Int = 0, connectionID: Int = 0, connectionSequenceNumber: Int = 0
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.bodySize = bodySize ?? Int64(body.count)
        self.chunkSizes = chunkSizes
        self.trailers = trailers
        self.sequenceNumber = sequenceNumber
        self.connectionID = connectionID
        self.connectionSequenceNumber = connectionSequenceNumber
    }

    /// Whether only the first bytes of the body were recorded (the body exceeded the recording limit), so a
    /// comparison of `body` with the sent bytes is not mistaken for a client bug.
    public var isBodyTruncated: Bool { Int64(body.count) < bodySize }

    /// The path part of the target, percent-decoded (`/users/a b`). For an absolute-form target
    /// (`http://host/p`) it is the path after the authority; an empty path is `/`. Invalid escapes are left as
    /// they are, so a client's bad encoding stays visible instead of failing the read.
    public var path: String {
        let raw = rawPath
        return Self.decoded(raw)
    }

    /// The path part of the target, still percent-encoded (`/users/a%20b`), to check which characters a client
    /// escaped (`path` cannot tell `%2F` from `/`).
    public var rawPath: String {
        var pathAndQuery = Substring(target)
        if let schemeEnd = pathAndQuery.range(of: "://"), pathAndQuery.first != "/" {
            let afterScheme = pathAndQuery[schemeEnd.upperBound...]
            if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                pathAndQuery = afterScheme[slash...]
            } else {
                return "/"
            }
        }
        let end = pathAndQuery.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? pathAndQuery.endIndex
        let path = pathAndQuery[..<end]
        return path.isEmpty ? "/" : String(path)
    }

    /// The query string after `?` (up to any `#`), still percent-encoded; nil when the target has no `?`, and
    /// empty for a bare `?`, so a test can tell the two apart.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        let rest = target[target.index(after: mark)...]
        return String(rest.prefix { $0 != "#" })
    }

    /// The query items in order, names and values percent-decoded (`+` stays `+`, as in `URLComponents`).
    /// Repeated names stay separate items, so a test can check an array convention such as `tag=a&tag=b`; an
    /// item without `=` has a nil value.
    public var queryItems: [URLQueryItem] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : nil
            return URLQueryItem(
                name: Self.decoded(name),
                value: value.map(Self.decoded)
            )
        }
    }

    /// `text` percent-decoded exactly (no byte-order mark dropped, unlike `removingPercentEncoding`), or
    /// as it is when an escape is malformed or the bytes are not UTF-8.
    private static func decoded(_ text: String) -> String {
        (try? PercentEncoding.decode(text)) ?? text
    }

    /// The first decoded value of the query item `name`, or nil when it is absent or has no `=` (use
    /// `queryItems` to tell those apart or to see repeated names).
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body decoded as UTF-8 (invalid bytes become U+FFFD, never a failure), for text and form bodies.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// Decodes the JSON body as `type`, so a test checks what a client encoded with the same model it sent.
    /// - Throws: `DecodingError` from `decoder` when the body is not that JSON (or was truncated by the
    ///   recording limit; see `isBodyTruncated`).
    public func decodeBody<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body)
    }
}
