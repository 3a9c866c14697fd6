import Foundation

/// Sends endpoints to a server and decodes their responses, through an ordered interceptor chain.
///
/// Every call builds the request from the endpoint and the base URL, runs it through
/// `configuration.interceptors` (then a `RetryInterceptor`) and the transport, checks the status against the
/// acceptable codes (a failure throws `NetworkError.httpStatus` with the endpoint's typed `APIErrorBody`),
/// and decodes the body (`EmptyResponse` for empty bodies). Cancel the calling task to cancel a request.
///
/// ```swift
/// let client = NetworkClient(baseURL: URL(string: "https://api.example.com/v1")!)
/// let user = try await client.send(GetUser(id: 7))
/// let page = try await client.send(NoticeRouter.readStatusList(noticeId: 3, query: q), decoding: NoticePage.self)
/// ```
public struct NetworkClient: Sendable {
    /// The URL every endpoint path is appended to.
    public let baseURL: URL
    /// The client's settings.
    public let configuration: Configuration
    /// `configuration.transport`, or the `URLSessionTransport` created for this client.
    public let transport: any Transport
    /// `configuration.interceptors`, plus a `RetryInterceptor` unless one is configured.
    private let retryingChain: InterceptorChain
    /// `configuration.interceptors` alone, for requests whose policy allows one attempt.
    private let plainChain: InterceptorChain

    /// Creates a client for the API at `baseURL`.
    public init(baseURL: URL, configuration: Configuration = Configuration()) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.transport = configuration.transport ?? URLSessionTransport(configuration: .init(
            timeout: configuration.timeout, maximumResponseSize: configuration.maximumResponseSize,
            cookiePolicy: configuration.cookiePolicy))
        self.plainChain = InterceptorChain(configuration.interceptors)
        if configuration.interceptors.contains(where: { $0 is RetryInterceptor }) {
            self.retryingChain = plainChain
        } else {
            self.retryingChain = InterceptorChain(configuration.interceptors + [RetryInterceptor(policy: configuration.retryPolicy)])
        }
    }

    // MARK: - Decoded responses

    /// Sends `endpoint` and returns its decoded `APIResponse`.
    public func send<E: APIDefinition>(_ endpoint: E) async throws -> E.APIResponse {
        try await response(endpoint).value
    }

    /// Sends `endpoint` (e.g. a router enum case) and decodes the body as `type`.
    public func send<E: Endpoint, T: Decodable & Sendable>(_ endpoint: E, decoding type: T.Type) async throws -> T {
        try await response(endpoint, decoding: type).value
    }

    /// Sends `endpoint` and returns the decoded value with status code, headers, final URL and timing.
    public func response<E: APIDefinition>(_ endpoint: E) async throws -> Response<E.APIResponse> {
        let decoder = endpoint.responseDecoder ?? configuration.decoder
        return try await run(endpoint, errorBody: E.APIErrorBody.self, decoder: decoder, progress: nil) { response in
            try Self.decode(E.APIResponse.self, from: response, decoder: decoder)
        }
    }

    /// Sends `endpoint`, decodes the body as `type`, and returns it with status code, headers, URL and timing.
    public func response<E: Endpoint, T: Decodable & Sendable>(_ endpoint: E, decoding type: T.Type) async throws -> Response<T> {
        let decoder = configuration.decoder
        return try await run(endpoint, errorBody: EmptyResponse.self, decoder: decoder, progress: nil) { response in
            try Self.decode(T.self, from: response, decoder: decoder)
        }
    }

    /// Sends `endpoint` and returns the raw body bytes (after status validation).
    public func data<E: Endpoint>(_ endpoint: E) async throws -> Response<Data> {
        try await run(endpoint, errorBody: EmptyResponse.self, decoder: configuration.decoder, progress: nil) { $0.body }
    }

    /// Sends an already built request through the interceptor chain and the transport, as is: no status
    /// validation, no decoding. Errors are still mapped to `NetworkError`.
    public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        applyDefaults(to: &request)
        return try await execute(request) { try await transport.send($0) }
    }

    // MARK: - Transfers

    /// Sends `endpoint` (typically with a file or multipart body), reporting upload progress.
    public func upload<E: APIDefinition>(_ endpoint: E) -> TransferTask<Response<E.APIResponse>> {
        let decoder = endpoint.responseDecoder ?? configuration.decoder
        return TransferTask { report in
            try await run(endpoint, errorBody: E.APIErrorBody.self, decoder: decoder, progress: report) { response in
                try Self.decode(E.APIResponse.self, from: response, decoder: decoder)
            }
        }
    }

    /// Sends `endpoint`, reporting upload progress, and decodes the body as `type`.
    public func upload<E: Endpoint, T: Decodable & Sendable>(_ endpoint: E, decoding type: T.Type) -> TransferTask<Response<T>> {
        let decoder = configuration.decoder
        return TransferTask { report in
            try await run(endpoint, errorBody: EmptyResponse.self, decoder: decoder, progress: report) { response in
                try Self.decode(T.self, from: response, decoder: decoder)
            }
        }
    }

    /// Downloads the response body of `endpoint` straight to the file at `destination`, never holding the
    /// whole body in memory. Missing directories are created; a file already there is replaced, a directory
    /// there is left alone and the download fails with a `.fileSystem` transport failure. The task's value is
    /// the response with the file's URL. The body is staged beside `destination` and moved into place only when
    /// the status is acceptable: a non-acceptable status throws `NetworkError.httpStatus` with the body, and
    /// neither it nor a failed transfer touches a file already at `destination`.
    public func download<E: Endpoint>(_ endpoint: E, to destination: URL) -> DownloadTask {
        TransferTask { report in
            try await runDownload(endpoint, to: destination, errorBody: EmptyResponse.self, decoder: configuration.decoder, progress: report)
        }
    }

    /// Downloads like `download(_:to:)`; a non-acceptable status carries the endpoint's decoded `APIErrorBody`.
    public func download<E: APIDefinition>(_ endpoint: E, to destination: URL) -> DownloadTask {
        let decoder = endpoint.responseDecoder ?? configuration.decoder
        return TransferTask { report in
            try await runDownload(endpoint, to: destination, errorBody: E.APIErrorBody.self, decoder: decoder, progress: report)
        }
    }

    // MARK: - Pipeline

    private func makeRequest(_ endpoint: some Endpoint) throws -> HTTPRequest {
        var request = try HTTPRequest(endpoint, baseURL: baseURL, defaults: RequestDefaults(
            headers: configuration.headers, queryEncoder: configuration.queryEncoder))
        applyDefaults(to: &request)
        return request
    }

    private func applyDefaults(to request: inout HTTPRequest) {
        if request.timeout == nil { request.timeout = configuration.timeout }
        if request.acceptableStatusCodes == nil { request.acceptableStatusCodes = configuration.acceptableStatusCodes }
    }

    /// Runs the interceptors and then `terminal`, mapping cancellation and URL errors to `NetworkError`.
    private func execute(_ request: HTTPRequest, terminal: @escaping Interceptor.Next) async throws -> HTTPResponse {
        let chain = (request.retryPolicy ?? configuration.retryPolicy).maxAttempts > 1 ? retryingChain : plainChain
        do {
            return try await chain.proceed(request, terminal: terminal)
        } catch let error as NetworkError {
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError || error is URLError { throw NetworkError.from(error) }
            throw error
        }
    }

    private func run<Value: Sendable, ErrorBody: Decodable & Sendable>(
        _ endpoint: some Endpoint,
        errorBody: ErrorBody.Type,
        decoder: any ResponseDecoder,
        progress: (@Sendable (TransferProgress) -> Void)?,
        decode: (HTTPResponse) throws -> Value
    ) async throws -> Response<Value> {
        let start = ContinuousClock.now
        let request = try makeRequest(endpoint)
        let transport = self.transport
        let response = try await execute(request) { request in
            if let progress { try await transport.upload(request, progress: progress) } else { try await transport.send(request) }
        }
        if let limit = configuration.maximumResponseSize, response.body.count > limit {
            throw NetworkError.transport(TransportFailure(
                kind: .responseTooLarge, message: "the response body exceeds the limit of \(limit) bytes"))
        }
        try validate(response, for: request, errorBody: ErrorBody.self, decoder: decoder)
        let value = try decode(response)
        return Response(
            value: value, statusCode: response.statusCode, headers: response.headers, url: response.url,
            duration: ContinuousClock.seconds(since: start))
    }

    private func runDownload<ErrorBody: Decodable & Sendable>(
        _ endpoint: some Endpoint,
        to destination: URL,
        errorBody: ErrorBody.Type,
        decoder: any ResponseDecoder,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> Response<URL> {
        let start = ContinuousClock.now
        let request = try makeRequest(endpoint)
        try DownloadDestination.checkWritable(destination)
        // The body lands in a staging file beside the destination; only an acceptable response replaces the
        // destination (one atomic rename), so an error status or a failure never costs the file already there.
        let staging = DownloadDestination.stagingFile(for: destination)
        defer { try? FileManager.default.removeItem(at: staging) }
        let transport = self.transport
        var response = try await execute(request) { request in
            try await transport.download(request, to: staging, progress: progress)
        }
        let acceptable = request.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        let file = response.fileURL ?? staging
        if !acceptable.contains(response.statusCode) {
            // The error body is read back from the file (at most 1 MiB); the staging file is removed on return.
            response.body = Self.readPrefix(of: file, limit: min(configuration.maximumResponseSize ?? (1 << 20), 1 << 20))
            try validate(response, for: request, errorBody: ErrorBody.self, decoder: decoder)
        }
        try DownloadDestination.install(file, at: destination)
        return Response(
            value: destination, statusCode: response.statusCode, headers: response.headers, url: response.url,
            duration: ContinuousClock.seconds(since: start))
    }

    /// Throws `NetworkError.httpStatus` unless the status is acceptable for `request`.
    private func validate<ErrorBody: Decodable & Sendable>(
        _ response: HTTPResponse,
        for request: HTTPRequest,
        errorBody: ErrorBody.Type,
        decoder: any ResponseDecoder
    ) throws {
        let acceptable = request.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        guard !acceptable.contains(response.statusCode) else { return }
        throw NetworkError.httpStatus(HTTPStatusFailure(
            statusCode: response.statusCode,
            headers: response.headers,
            body: response.body,
            errorBody: Self.decodeErrorBody(ErrorBody.self, from: response, decoder: decoder)))
    }

    // MARK: - Decoding

    /// Decodes `type` from the response; `EmptyResponse` never reads the body.
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, decoder: any ResponseDecoder) throws -> T {
        if let empty = EmptyResponse() as? T { return empty }
        do {
            return try decoder.decode(type, from: response)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError.decoding(DecodingFailure(error, decoding: type))
        }
    }

    /// The typed error body, when the endpoint declares one and the body decodes into it.
    static func decodeErrorBody<B: Decodable & Sendable>(_ type: B.Type, from response: HTTPResponse, decoder: any ResponseDecoder) -> (any Sendable)? {
        guard B.self != EmptyResponse.self, !response.body.isEmpty else { return nil }
        return try? decoder.decode(type, from: response)
    }


    private static func readPrefix(of file: URL, limit: Int) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: limit)) ?? Data()
    }
}
