import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default `Transport`, built on `URLSession`, working the same on Linux and Apple platforms.
///
/// - A session-level delegate always answers authentication challenges, so a `401` with
///   `WWW-Authenticate: Basic` is returned as a response instead of hanging (Linux) or prompting.
/// - Upload and download progress come from session-level callbacks (`didSendBodyData`, `didReceive data`).
/// - Downloads stream straight into the destination file you give, through one open file handle, so the body
///   is never held whole in memory and never lands in the temporary directory.
/// - `.file` bodies are streamed from disk; `.stream` bodies are spooled to a temporary file first (never held
///   whole in memory) and re-opened from their source for every attempt.
/// - Redirects are followed up to `Configuration.maximumRedirects`; past it the redirect response is returned.
/// - In-memory response bodies larger than `Configuration.maximumResponseSize` fail with
///   `TransportFailure.Kind.responseTooLarge` as soon as the limit is crossed.
/// - Swift task cancellation cancels the URLSession task and surfaces as `NetworkError.cancelled`.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .init(timeout: 30, maximumResponseSize: 10 << 20))
/// ```
public final class URLSessionTransport: Transport {
    /// Settings of the transport.
    public struct Configuration: Sendable {
        /// The default inactivity timeout in seconds, used when a request has none.
        public var timeout: TimeInterval
        /// How many redirects one request may follow.
        public var maximumRedirects: Int
        /// The largest in-memory response body in bytes, or `nil` for no limit (downloads are not limited).
        public var maximumResponseSize: Int?
        /// The most connections to one host at a time.
        public var maximumConnectionsPerHost: Int
        /// Where `.stream` bodies are spooled before upload.
        public var temporaryDirectory: URL
        /// Whether cookies are stored and replayed (default: `.shared`, URLSession's standard behaviour).
        public var cookiePolicy: CookiePolicy

        /// Creates a configuration.
        public init(
            timeout: TimeInterval = 60,
            maximumRedirects: Int = 10,
            maximumResponseSize: Int? = nil,
            maximumConnectionsPerHost: Int = 6,
            temporaryDirectory: URL = FileManager.default.temporaryDirectory,
            cookiePolicy: CookiePolicy = .shared
        ) {
            self.timeout = timeout
            self.maximumRedirects = max(0, maximumRedirects)
            self.maximumResponseSize = maximumResponseSize
            self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
            self.temporaryDirectory = temporaryDirectory
            self.cookiePolicy = cookiePolicy
        }
    }

    /// The transport's settings.
    public let configuration: Configuration
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own `URLSession`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        if configuration.cookiePolicy == .disabled {
            sessionConfiguration.httpCookieStorage = nil
            sessionConfiguration.httpShouldSetCookies = false
            sessionConfiguration.httpCookieAcceptPolicy = .never
        }
        let delegate = SessionDelegate()
        #if canImport(FoundationNetworking)
        let queue: OperationQueue = SerialDelegateQueue(label: "Courier.URLSessionTransport")
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        #endif
        self.delegate = delegate
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the response with its body in memory.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await perform(request, destination: nil, progress: nil)
    }

    /// Sends `request`, reporting body bytes sent from URLSession's `didSendBodyData` callback.
    public func upload(_ request: HTTPRequest, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> HTTPResponse {
        try await perform(request, destination: nil, progress: progress)
    }

    /// Streams the response body into `destination`, reporting the bytes written as they arrive.
    public func download(
        _ request: HTTPRequest,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> HTTPResponse {
        try await perform(request, destination: destination, progress: progress)
    }

    // MARK: - Running a task

    private enum Upload {
        case none
        case data(Data)
        case file(URL, temporary: Bool)
    }

    private func perform(
        _ request: HTTPRequest,
        destination: URL?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse {
        if Task.isCancelled { throw NetworkError.cancelled }
        let urlRequest = makeURLRequest(request)
        let upload = try prepareBody(request.body)
        let temporaryFile: URL? = if case .file(let url, true) = upload { url } else { nil }
        let cancellation = CancellationBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task: URLSessionTask
                switch upload {
                case .none: task = session.dataTask(with: urlRequest)
                case .data(let data): task = session.uploadTask(with: urlRequest, from: data)
                case .file(let url, _): task = session.uploadTask(with: urlRequest, fromFile: url)
                }
                delegate.register(TransferRecord(
                    continuation: continuation,
                    maximumResponseSize: destination == nil ? configuration.maximumResponseSize : nil,
                    maximumRedirects: configuration.maximumRedirects,
                    progress: progress,
                    destination: destination,
                    uploadLength: request.body?.contentLength,
                    temporaryFile: temporaryFile), for: task)
                cancellation.start(task)
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    private func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = Self.effectiveTimeout(request.timeout ?? configuration.timeout)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // URLRequest holds one value per name: repeated fields are joined (`Cookie` with "; ", RFC 6265 §5.4).
        for name in request.headers.uniqueNames {
            let separator = name.caseInsensitiveEquals("Cookie") ? "; " : ", "
            urlRequest.setValue(request.headers.values(for: name).joined(separator: separator), forHTTPHeaderField: name)
        }
        return urlRequest
    }

    /// Linux URLSession truncates the timeout to whole seconds (and 0 would fire at once): round up to ≥ 1 s.
    static func effectiveTimeout(_ timeout: TimeInterval) -> TimeInterval {
        #if canImport(FoundationNetworking)
        guard timeout.isFinite, timeout > 0 else { return 60 }
        return max(1, timeout.rounded(.up))
        #else
        return timeout
        #endif
    }

    private func prepareBody(_ body: HTTPBody?) throws -> Upload {
        guard let body else { return .none }
        switch body {
        case .data(let data):
            return .data(data)
        case .file(let url):
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw NetworkError.transport(TransportFailure(kind: .fileSystem, message: "cannot read the body file \(url.path)"))
            }
            return .file(url, temporary: false)
        case .stream(let source):
            return .file(try Self.spool(source, into: configuration.temporaryDirectory), temporary: true)
        }
    }

    /// Writes a streamed body to a temporary file, chunk by chunk, so URLSession can upload it from disk.
    static func spool(_ source: any BodySource, into directory: URL) throws -> URL {
        let file = directory.appendingPathComponent("courier-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: file) else {
            throw NetworkError.transport(TransportFailure(kind: .fileSystem, message: "cannot create \(file.path)"))
        }
        defer { try? handle.close() }
        let reader: any BodyReader
        do {
            reader = try source.makeReader()
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "cannot open the body: \(error)"))
        }
        defer { reader.close() }
        do {
            while let chunk = try reader.read(maxLength: 256 * 1024) {
                try handle.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "cannot read the body: \(error)"))
        }
        return file
    }
}

/// Connects Swift task cancellation to a URLSession task, whichever happens first.
///
/// `@unchecked Sendable` is safe: the state lives in a `LockedState`.
private final class CancellationBox: @unchecked Sendable {
    private let state = LockedState<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    /// Resumes `task`, or cancels it at once if the Swift task was already cancelled.
    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        let task = state.withLock { state -> URLSessionTask? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
