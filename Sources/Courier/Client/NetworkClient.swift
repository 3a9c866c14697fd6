import CourierHTTP
import Foundation
#if os(Linux)
import CourierSockets
#endif

/// Sends endpoints to a server and decodes their responses, through one stack of interceptors built once.
///
/// A call builds the `HTTPRequest` from the endpoint, the base URL and the configuration's defaults (every
/// setting resolved there, once), runs it through the stack — your `configuration.interceptors`, then the
/// built-ins in their fixed order (retry, redirects, cookies, cache, body buffering), then your
/// `configuration.networkInterceptors`, then the transport (by default `SocketTransport` on Linux,
/// `URLSessionTransport` elsewhere) — and decodes the body: `EmptyResponse` ignores it, `Data` is the body
/// itself, anything else goes to the endpoint's decoder (else `configuration.decoder`). A status that is not
/// acceptable throws `NetworkError.httpStatus`, carrying the endpoint's decoded `APIErrorBody`. Cancel the
/// calling task to cancel a request.
///
/// A value type holding only immutable state: share one client per API across tasks and actors (it is
/// `Sendable`), so they share its connections and cookie jar. A client made per call opens its own transport
/// (new connections, no reuse) and, with the default cookie policy, starts with an empty jar.
///
/// ```swift
/// let client = NetworkClient(baseURL: URL(string: "https://api.example.com/v1")!)
/// let user = try await client.send(GetUser(id: 7))
/// let page = try await client.send(NoticeRouter.readStatusList(noticeId: 3, query: q).decoding(NoticePage.self))
/// ```
public struct NetworkClient: Sendable {
    /// The URL every endpoint path is appended to (its path is kept: `…/v1` + `/users` → `…/v1/users`), so
    /// endpoints name only their own route.
    public let baseURL: URL
    /// The client's settings, fixed at init because the interceptor stack is built from them once.
    public let configuration: Configuration
    /// Whether `defaults.headers` passed `HTTPHeaders.validate()`, checked once here rather than per request.
    let defaultHeadersAreValid: Bool
    /// `baseURL` checked and taken apart once; a bad base URL fails each request with the same error.
    let base: Result<RequestURLBuilder.Base, NetworkError>
    private let stack: InterceptorStack

    /// Creates a client for the API at `baseURL`; a bad base URL is reported by each request as
    /// `NetworkError.configuration`, not by a crash here, so a URL read from settings cannot take the app down.
    /// The interceptor stack, the cookie jar and (without `configuration.transport`) the platform's default
    /// transport are made here, once.
    public init(baseURL: URL, configuration: Configuration = Configuration()) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.defaultHeadersAreValid = (try? configuration.requestDefaults.headers.validate()) != nil
        self.base = Result { () throws(NetworkError) in try RequestURLBuilder.base(baseURL) }
        self.cookieJar = configuration.cookiePolicy.makeJar()
        self.stack = InterceptorStack(
            interceptors: configuration.interceptors, networkInterceptors: configuration.networkInterceptors,
            cookieJar: cookieJar, cache: configuration.cache, retryClock: configuration.retryClock,
            transport: configuration.transport ?? Self.defaultTransport())
    }

    /// The cookie jar this client stores and sends cookies with (`Configuration.cookiePolicy`); `nil` when
    /// cookies are disabled.
    public let cookieJar: CookieJar?

    /// The platform's default transport: `SocketTransport` on Linux, `URLSessionTransport` elsewhere.
    private static func defaultTransport() -> any Transport {
        #if os(Linux)
        SocketTransport()
        #else
        URLSessionTransport()
        #endif
    }

    /// Every interceptor a request passes, outermost first: your application interceptors, the built-ins, your
    /// network interceptors. Read-only, for checking in a test or a log which stack a client really runs.
    public var interceptors: [any Interceptor] { stack.interceptors }

    /// Sends `endpoint` and returns its decoded `APIResponse`: the call most code makes, when the status
    /// and headers do not matter (use `response(_:)` when they do).
    ///
    /// The body is buffered in memory up to `maximumResponseSize` (64 MiB by default) before decoding; a larger
    /// one fails with a `.responseTooLarge` transport failure rather than exhausting memory. Use `stream(_:)` or
    /// `download(_:to:)` for bodies that may be larger.
    ///
    /// - Throws: `NetworkError`: `.configuration` or `.encoding` before anything is sent, `.transport` when no
    ///   usable response arrived, `.httpStatus` for a status outside the acceptable ones (carrying the typed
    ///   error body), `.decoding` when the body does not decode, `.cancelled` when the task was cancelled.
    public func send<E: APIDefinition>(_ endpoint: E) async throws -> E.APIResponse {
        // The value alone: no `Response` to assemble, no clock to read for its duration.
        try await decodedExchange(endpoint, uploadProgress: nil).value
    }

    /// Sends `endpoint` and returns the decoded value with status code, headers, final URL and timing, for
    /// callers that need an `ETag`, a pagination link or the metrics. Same buffering and errors as
    /// `send(_:)`.
    public func response<E: APIDefinition>(_ endpoint: E) async throws -> Response<E.APIResponse> {
        try await exchange(endpoint, uploadProgress: nil)
    }

    /// Sends `endpoint` (typically with a file or multipart body), reporting upload progress — for a progress
    /// bar; `send(_:)` is the same request without it. The response is buffered and decoded as by `send(_:)`,
    /// and the task's `value` throws the same `NetworkError`s.
    public func upload<E: APIDefinition>(_ endpoint: E) -> TransferTask<Response<E.APIResponse>> {
        TransferTask { report in try await exchange(endpoint, uploadProgress: report) }
    }

    /// Downloads the response body of `endpoint` straight to the file at `destination`, never holding the
    /// whole body in memory (and never limited by `maximumResponseSize`). A `GET` whose body breaks off is
    /// continued from the bytes already on disk with `Range` and `If-Range` when the response had a validator
    /// (`ETag` or `Last-Modified`), and started over when the representation changed (see `ResumableDownload`).
    ///
    /// Missing directories are created; a file already there is replaced, a directory there is left alone and
    /// the download fails with a `.fileSystem` transport failure. The body is staged beside `destination` and
    /// moved into place only when the whole body arrived with an acceptable status: a failure never touches a
    /// file already at `destination`. The task's value is the response with the file's URL.
    public func download(_ endpoint: some Endpoint, to destination: URL) -> TransferTask<Response<URL>> {
        TransferTask { report in try await runDownload(endpoint, to: destination, progress: report) }
    }

    /// Sends an already built request through the stack and returns the response with its body still
    /// streaming (see `ResponseBody`). The status is validated against `request.acceptableStatusCodes`.
    package func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await stack.send(request)
    }

    // MARK: - Pipeline

    private func exchange<E: APIDefinition>(
        _ endpoint: E, uploadProgress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> Response<E.APIResponse> {
        let start = ContinuousClock.now
        let (value, response) = try await decodedExchange(endpoint, uploadProgress: uploadProgress)
        return Response(
            value: value, statusCode: response.statusCode, headers: response.headers, url: response.url,
            duration: ContinuousClock.seconds(since: start), cacheStatus: response.cacheStatus,
            redirects: response.redirects, metrics: response.metrics, trailers: response.trailers)
    }

    /// Builds the request for `endpoint`, sends it through the stack and decodes the body: the decoded value
    /// and the response it came from.
    @inline(__always)   // into `send` and `exchange`: one async frame fewer per request
    private func decodedExchange<E: APIDefinition>(
        _ endpoint: E, uploadProgress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> (value: E.APIResponse, response: HTTPResponse) {
        var request: HTTPRequest
        switch base {   // the base read in place (`base.get()` would copy it out)
        case .success(let base):
            request = try HTTPRequest(endpoint, base: base, defaults: configuration.requestDefaults, defaultHeadersAreValid: defaultHeadersAreValid)
        case .failure(let error):
            throw error
        }
        request.uploadProgress = uploadProgress
        let decoder = endpoint.responseDecoder ?? configuration.decoder
        let response = try await send(request, errorBody: endpoint.errorBodyType, decoder: decoder)
        let value: E.APIResponse
        if E.APIResponse.self == EmptyResponse.self {
            response.body.discard()
            value = try ResponseDecoding.decode(E.APIResponse.self, body: Data(), statusCode: response.statusCode, headers: response.headers, with: decoder)
        } else {
            // Buffered by `ResponseBufferingInterceptor` in the usual case: no async call to read it.
            let body: Data
            if let buffered = response.body.bufferedData { body = buffered } else { body = try await response.body.collect() }
            value = try ResponseDecoding.decode(E.APIResponse.self, body: body, statusCode: response.statusCode, headers: response.headers, with: decoder)
        }
        return (value, response)
    }

    private func runDownload(
        _ endpoint: some Endpoint, to destination: URL, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> Response<URL> {
        let start = ContinuousClock.now
        var request = try HTTPRequest(endpoint, base: base.get(), defaults: configuration.requestDefaults, defaultHeadersAreValid: defaultHeadersAreValid)
        request.responseBodyMode = .file
        try DownloadDestination.checkWritable(destination)
        let api = endpoint as? any APIDefinition
        let errorBody = endpoint.errorBodyType
        let decoder = api?.responseDecoder ?? configuration.decoder
        let staging = DownloadDestination.stagingFile(for: destination)
        let download = ResumableDownload(request: request, send: { try await send($0, errorBody: errorBody, decoder: decoder) }, progress: progress)
        let response = try await download.run(into: staging)
        do {
            try DownloadDestination.install(staging, at: destination)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        return Response(
            value: destination, statusCode: response.statusCode, headers: response.headers, url: response.url,
            duration: ContinuousClock.seconds(since: start), cacheStatus: response.cacheStatus,
            redirects: response.redirects, metrics: response.metrics, trailers: response.trailers)
    }

    /// Runs the stack; a failing status gets the endpoint's typed error body (`errorBody`, read only then),
    /// decoded with the same decoder, and keeps the decoder for `HTTPStatusFailure.errorBody(as:)`.
    @inline(__always)   // into `exchange`: one async frame fewer per request
    func send(
        _ request: HTTPRequest, errorBody: @autoclosure () -> any (Decodable & Sendable).Type, decoder: any ResponseDecoder
    ) async throws -> HTTPResponse {
        do {
            return try await stack.send(request)
        } catch NetworkError.httpStatus(var failure) {
            failure.bodyDecoder = decoder
            let type = errorBody()
            guard type != EmptyResponse.self, !failure.body.isEmpty else { throw NetworkError.httpStatus(failure) }
            do {
                failure.errorBody = try failure.decodeBody(as: type, using: decoder)
            } catch {
                if case .decoding(let why) = error { failure.errorBodyFailure = why }
            }
            throw NetworkError.httpStatus(failure)
        }
    }
}

extension HTTPResponse {
    /// The declared `Content-Length`, if any.
    var expectedContentLength: Int64? {
        guard let text = headers["Content-Length"] else { return nil }
        if let value = Int64(text) { return value }   // the usual case, without Foundation's trimming
        return Int64(text.trimmingCharacters(in: .whitespaces))
    }
}
