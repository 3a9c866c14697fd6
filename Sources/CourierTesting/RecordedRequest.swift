import Courier
import Foundation

/// A request as the server received it.
public struct RecordedRequest: Sendable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The request target exactly as sent, e.g. `/users/a%20b?x=1`.
    public var target: String
    /// The HTTP version from the request line, e.g. `HTTP/1.1`; `HTTP/2` for a request received over HTTP/2.
    public var version: String
    /// The header fields in the order received. Over HTTP/2 the pseudo-header fields are not among them, and
    /// `:authority` is recorded as `host` first when no `host` field came (as a gateway to HTTP/1.1 would).
    public var headers: MockHeaders
    /// The body bytes, at most `Configuration.maxRecordedBodyBytes` of them (see `isBodyTruncated`).
    public var body: Data
    /// The full body length received, even when `body` holds only its first bytes.
    public var bodySize: Int64
    /// The size of each chunk, when the body was sent with `Transfer-Encoding: chunked`; otherwise nil.
    public var chunkSizes: [Int]?
    /// Trailer fields after a chunked body.
    public var trailers: MockHeaders
    /// The order of this request among all requests the server received (0, 1, 2, ...).
    public var sequenceNumber: Int
    /// The connection it arrived on (0, 1, 2, ... in order of acceptance). Equal IDs mean keep-alive reuse.
    public var connectionID: Int
    /// The order of this request on its connection (0 for the first request of a connection).
    public var connectionSequenceNumber: Int

    /// Creates a record (the server creates these; public for tests of code that consumes them).
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

    /// Whether only the first bytes of the body were recorded (the body exceeded the recording limit).
    public var isBodyTruncated: Bool { Int64(body.count) < bodySize }

    /// The path part of the target, percent-decoded (`/users/a b`). For an absolute-form target
    /// (`http://host/p`) it is the path after the authority. Invalid escapes are left as they are.
    public var path: String {
        let raw = rawPath
        return Self.decoded(raw)
    }

    /// The path part of the target, still percent-encoded (`/users/a%20b`).
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

    /// The query string after `?`, still percent-encoded; nil when the target has no `?`.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        let rest = target[target.index(after: mark)...]
        return String(rest.prefix { $0 != "#" })
    }

    /// The query items in order, names and values percent-decoded (`+` stays `+`, as in `URLComponents`).
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

    /// The first decoded value of the query item `name`, or nil.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body decoded as UTF-8 (invalid bytes become U+FFFD).
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// Decodes the JSON body as `type`.
    public func decodeBody<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body)
    }
}
