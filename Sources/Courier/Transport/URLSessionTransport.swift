import CourierHTTP
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` built on `URLSession`, working the same on Linux and Apple platforms: the client's default on
/// Apple platforms (on Linux the default is `SocketTransport`; set `Configuration.transport` to choose this one).
///
/// - Returns at the response head and streams the body (see `Transport`): chunks wait in a bounded buffer, and
///   the URLSession task is suspended while the reader is behind, so a slow reader keeps memory bounded.
/// - A session-level delegate always answers authentication challenges, so a `401` with
///   `WWW-Authenticate: Basic` is returned as a response instead of hanging (Linux) or prompting.
/// - Upload progress comes from the session-level `didSendBodyData` callback (per-task delegates are never
///   called on Linux).
/// - `.file` bodies are streamed from disk; `.stream` bodies are spooled to a temporary file first (never held
///   whole in memory) and re-opened from their source for every attempt.
/// - Redirects are not followed, and URLSession's cookie storage and URL cache are off: the client's
///   interceptors follow redirects, keep cookies and cache responses, the same over every transport.
/// - Swift task cancellation cancels the URLSession task and surfaces as `NetworkError.cancelled`.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .init(maximumConnectionsPerHost: 4))
/// ```
public final class URLSessionTransport: Transport {
    /// Settings of the transport, fixed when it is made because its `URLSession` is: make another transport to
    /// change them.
    public struct Configuration: Sendable {
        /// The most connections to one host at a time (default 6, what browsers use; values below 1 count as 1);
        /// more requests wait, so a burst cannot exhaust a server.
        public var maximumConnectionsPerHost: Int
        /// Where `.stream` bodies are spooled before upload, so a streamed body is never held in memory whole
        /// (default: the system's temporary directory). It needs room for the largest streamed body; each file is
        /// removed when its request ends.
        public var temporaryDirectory: URL

        /// Creates a configuration; the defaults suit an app talking to one API, so name only what differs.
        public init(
            maximumConnectionsPerHost: Int = 6,
            temporaryDirectory: URL = FileManager.default.temporaryDirectory
        ) {
            self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
            self.temporaryDirectory = temporaryDirectory
        }
    }

    /// The transport's settings.
    let configuration: Configuration
    let session: URLSession
    let delegate: SessionDelegate
    /// Where calls that wait for URLSession's work thread (creating, resuming, cancelling a task) run: on Linux
    /// that thread may wait for the delegate queue, which may wait (bounded) for a slow body reader, and the
    /// reader needs the cooperative threads such a call would otherwise block (see `SessionDelegate.calls`).
    private let control: DispatchQueue

    /// Creates a transport with its own `URLSession` and delegate (the delegate answers auth challenges,
    /// without which Linux URLSession hangs on a 401 with `WWW-Authenticate`).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        // Cookies are the client's `CookieJar`'s (`CookieInterceptor`), the same over every transport.
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpCookieAcceptPolicy = .never
        // No stored credentials: a 401 reaches the client as a response (its `AuthInterceptor` answers it), on
        // Apple platforms as on Linux, instead of being retried with whatever `URLCredentialStorage.shared` holds.
        sessionConfiguration.urlCredentialStorage = nil
        let delegate = SessionDelegate()
        #if canImport(FoundationNetworking)
        let queue: OperationQueue = SerialDelegateQueue(label: "Courier.URLSessionTransport")
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        #endif
        self.delegate = delegate
        self.control = delegate.calls
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        let session = Unchecked(session)
        control.async { session.value.finishTasksAndInvalidate() }
    }

    /// Sends `request`; returns at the response head, with the body streaming. The client calls it through its
    /// interceptors; call it yourself only to bypass them (no retries, redirects, cookies or status check).
    ///
    /// - Throws: `NetworkError`: `.transport` when no response arrived (the URL error mapped to a kind such as
    ///   `.timedOut` or `.cannotConnect`), `.cancelled` when the task was cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if Task.isCancelled { throw NetworkError.cancelled }
        let urlRequest = try makeURLRequest(request)
        let upload = try prepareBody(request.body)
        let temporaryFile: URL? = if case .file(let url, true) = upload { url } else { nil }
        let cancellation = CancellationBox(control: control)
        return try await withTaskCancellationHandler {
            let head = HeadHandoff()
            let record = TransferRecord(
                head: head,
                uploadProgress: request.uploadProgress,
                uploadLength: request.body?.contentLength,
                temporaryFile: temporaryFile)
            let work = Unchecked((session, delegate, record, upload, urlRequest))
            control.async {
                let (session, delegate, record, upload, urlRequest) = work.value
                let task: URLSessionTask
                switch upload {
                case .none: task = session.dataTask(with: urlRequest)
                case .data(let data): task = session.uploadTask(with: urlRequest, from: data)
                case .file(let url, _): task = session.uploadTask(with: urlRequest, fromFile: url)
                }
                delegate.register(record, for: task)
                cancellation.start(task)
            }
            return try await head.wait()
        } onCancel: {
            cancellation.cancel()
        }
    }

    // MARK: Building the task

    private enum Upload {
        case none
        case data(Data)
        case file(URL, temporary: Bool)
    }

    func makeURLRequest(_ request: HTTPRequest) throws(NetworkError) -> URLRequest {
        var urlRequest = URLRequest(url: try request.location.parsedURL())
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = Self.effectiveTimeout(request.timeout)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // URLRequest holds one value per name: repeated fields are joined.
        for field in request.headers.combined {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    /// The timeout in seconds. Linux URLSession truncates it to whole seconds (and 0 would fire at once): round
    /// up to ≥ 1 s there.
    static func effectiveTimeout(_ timeout: Duration) -> TimeInterval {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        #if canImport(FoundationNetworking)
        return max(1, seconds.rounded(.up))
        #else
        return seconds
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
        case .stream:
            return .file(try Self.spool(body, into: configuration.temporaryDirectory), temporary: true)
        }
    }

    /// Writes a streamed body to a temporary file, chunk by chunk, so URLSession can upload it from disk.
    ///
    /// - Throws: what the body's reader throws (see `BodySource`); `.transport(.fileSystem)` when the file cannot
    ///   be created or written.
    static func spool(_ body: HTTPBody, into directory: URL) throws -> URL {
        let file = directory.appendingPathComponent("courier-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: file) else {
            throw NetworkError.transport(TransportFailure(kind: .fileSystem, message: "cannot create \(file.path)"))
        }
        defer { try? handle.close() }
        do {
            let reader = try body.makeReader()
            defer { reader.close() }
            while let chunk = try reader.read(maxLength: 256 * 1024) {
                try handle.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error as? NetworkError
                ?? NetworkError.transport(TransportFailure(kind: .fileSystem, message: "cannot write \(file.path): \(error)"))
        }
        return file
    }
}

/// Connects Swift task cancellation to a URLSession task, whichever happens first.
///
/// `@unchecked Sendable` is safe: the state lives in a `LockedState`.
private final class CancellationBox: @unchecked Sendable {
    private let state = LockedState<(task: URLSessionTask?, cancelled: Bool)>((nil, false))
    private let control: DispatchQueue

    init(control: DispatchQueue) {
        self.control = control
    }

    /// Resumes `task`, or cancels it at once if the Swift task was already cancelled. Runs on `control`.
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
        guard let task else { return }
        let handle = Unchecked(task)
        control.async { handle.value.cancel() }
    }
}
