import Foundation

/// A request as the interceptors and the transport see it: built once from an endpoint, the client's base URL
/// and the client's defaults, then free to be rewritten by interceptors.
///
/// Every setting is resolved when the request is built (the endpoint's value, else the client's): nothing below
/// the client falls back to a default of its own, so an interceptor that changes, say, `acceptableStatusCodes`
/// changes what the status check accepts.
public struct HTTPRequest: Sendable {
    /// The method; whether it is idempotent decides whether the request may be retried.
    public var method: HTTPMethod
    /// The absolute URL, query included (parsed from the built text only when first read, which most requests
    /// never need).
    public var url: URL {
        get { location.url }
        set { location = RequestURL(newValue) }
    }
    /// The absolute URL as text or `URL`, whichever it was made from.
    package var location: RequestURL
    /// The header fields, `Content-Type` included when there is a body; checked when an endpoint's request is
    /// built (``HTTPHeaders/validate(allowingUTF8:)``), so an injected CR or LF never reaches the wire.
    public var headers: HTTPHeaders
    /// The body, if any: in memory, a file or a stream; a file or stream body is re-opened for each retry or
    /// redirect, so it is sent whole every time.
    public var body: HTTPBody?
    /// The longest the transport waits for the next byte (connecting, sending or receiving): an inactivity
    /// timeout, so a long download that keeps moving never times out. Each retry gets its own.
    public var timeout: Duration
    /// Status codes that count as success; any other status ends in `NetworkError.httpStatus` once the stack
    /// returns (interceptors still see it as a response).
    public var acceptableStatusCodes: Set<Int>
    /// How the response body is consumed: read into memory within a limit (the default, 64 MiB), left streaming,
    /// or written to a file. The limit protects memory: a bigger body fails with `responseTooLarge`.
    public var responseBodyMode: ResponseBodyMode
    /// How failed attempts are retried (`.never` for one attempt); see ``RetryPolicy`` for what is retried.
    public var retryPolicy: RetryPolicy
    /// How redirects are followed (`.never` returns them as they are, to handle a redirect yourself).
    public var redirectPolicy: RedirectPolicy
    /// How the client's HTTP cache may answer and store this request (`.default`: the RFC 9111 rules); has no
    /// effect when the client has no cache.
    public var cacheMode: CacheMode = .default
    /// Receives upload progress (body bytes sent) from the transport; set by `NetworkClient.upload`. Called on
    /// the transport's own thread or queue, so it must return quickly and hop to the main actor itself for UI.
    public var uploadProgress: (@Sendable (TransferProgress) -> Void)?
    /// Set when the request opens a WebSocket: the transport's terminal step upgrades instead of sending.
    package var webSocketUpgrade: WebSocketUpgradeSlot?

    /// Creates a request; the settings default to `RequestDefaults()`'s.
    ///
    /// For requests that do not come from an endpoint: interceptors that send a request of their own (a token
    /// refresh), transports under test. An endpoint's request is built with `HTTPRequest(_:baseURL:defaults:)`,
    /// which also validates it.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = [:],
        body: HTTPBody? = nil,
        timeout: Duration = RequestDefaults.standard.timeout,
        acceptableStatusCodes: Set<Int> = RequestDefaults.standard.acceptableStatusCodes,
        responseBodyMode: ResponseBodyMode = RequestDefaults.standard.responseBodyMode,
        retryPolicy: RetryPolicy = RequestDefaults.standard.retryPolicy,
        redirectPolicy: RedirectPolicy = RequestDefaults.standard.redirectPolicy
    ) {
        self.init(
            method: method, location: RequestURL(url), headers: headers, body: body, timeout: timeout,
            acceptableStatusCodes: acceptableStatusCodes, responseBodyMode: responseBodyMode,
            retryPolicy: retryPolicy, redirectPolicy: redirectPolicy
        )
    }

    /// Creates a request for a URL given as `RequestURL` (text a builder checked, parsed only when read).
    package init(
        method: HTTPMethod,
        location: RequestURL,
        headers: HTTPHeaders,
        body: HTTPBody?,
        timeout: Duration,
        acceptableStatusCodes: Set<Int>,
        responseBodyMode: ResponseBodyMode,
        retryPolicy: RetryPolicy,
        redirectPolicy: RedirectPolicy
    ) {
        self.method = method
        self.location = location
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.acceptableStatusCodes = acceptableStatusCodes
        self.responseBodyMode = responseBodyMode
        self.retryPolicy = retryPolicy
        self.redirectPolicy = redirectPolicy
    }
}
