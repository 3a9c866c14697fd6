import Courier
import Foundation

/// The state every thread of one `MockWebServer` shares, guarded by one lock.
struct ServerState: Sendable {
    struct Waiter: Sendable {
        let id: Int
        let continuation: CheckedContinuation<RecordedRequest, any Error>
        var timer: Task<Void, Never>?
    }

    /// A `MockWebServer.waitUntil` call suspended until the state changes.
    struct ChangeWaiter: Sendable {
        let id: Int
        let continuation: CheckedContinuation<Void, Never>
        var timer: Task<Void, Never>?
    }

    var listener: ListeningSocket?
    /// Whether the accept thread has closed the listener (after which its descriptor number is not ours).
    var listenerClosed = false
    var hasStarted = false
    var responses: [MockResponse] = []
    var dispatcher: MockWebServer.Dispatcher?
    var defaultResponse = MockResponse.text("No response enqueued and no dispatcher set\n", status: 404)
    var recorded: [RecordedRequest] = []
    var takeCursor = 0
    var waiters: [Waiter] = []
    var nextWaiterID = 0
    var malformed: [MalformedRequest] = []
    var nextConnectionID = 0
    var openConnections: [Int: Int32] = [:]
    var peakOpenConnections = 0
    /// Bumped on every change a test may wait for: a request recorded or refused, a connection opened or
    /// closed, a `takeRequest` starting to wait.
    var changeVersion = 0
    var changeWaiters: [ChangeWaiter] = []

    /// Records a change and hands back the `waitUntil` calls to wake (outside the lock).
    mutating func noteChange() -> [ChangeWaiter] {
        changeVersion += 1
        defer { changeWaiters = [] }
        return changeWaiters
    }
}

/// The engine behind `MockWebServer`: the accept thread, connection bookkeeping, the response queue and the
/// request log. Connection threads hold this object, never the `MockWebServer`, so dropping the last
/// reference to the server shuts it down.
final class ServerCore: Sendable {
    let configuration: MockWebServer.Configuration
    let lifecycle = Lifecycle()
    let state = LockedState(ServerState())
    /// Bytes written to clients so far, every connection together (`MockWebServer.bytesSent`).
    let bytesSent = LockedState<Int64>(0)

    init(configuration: MockWebServer.Configuration) {
        self.configuration = configuration
    }

    var port: UInt16 {
        state.withLock { $0.listener?.port ?? 0 }
    }

    // MARK: Lifecycle

    func start() throws {
        #if canImport(COpenSSL)
        let tls = try configuration.tls.map { tls throws(MockWebServerError) in
            try ServerTLSContext(tls, offersHTTP2: configuration.http2.offeredOverTLS)
        }
        #endif
        let listener: ListeningSocket = try state.withLock { state in
            guard !state.hasStarted else { throw MockWebServerError.alreadyStarted }
            let listener = try configuration.unixSocketPath.map { path throws(MockWebServerError) in
                try ListeningSocket.bind(unixPath: path, backlog: configuration.backlog)
            } ?? ListeningSocket.bind(port: configuration.port, backlog: configuration.backlog)
            state.hasStarted = true
            state.listener = listener
            return listener
        }
        lifecycle.workerStarted()
        let thread = Thread { [self] in
            #if canImport(COpenSSL)
            acceptLoop(listener, tls: tls)
            #else
            acceptLoop(listener)
            #endif
            // This thread is the last user of the descriptor (see `shutdown`); under the lock `shutdown` shuts
            // it down in, so that never reaches a reused number.
            state.withLock { state in
                listener.close()
                state.listenerClosed = true
            }
            lifecycle.workerFinished()
        }
        thread.name = "MockWebServer accept :\(listener.port)"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    func startIfNeeded() {
        let started = state.withLock { $0.hasStarted }
        if !started { try? start() }
    }

    func shutdown() {
        guard lifecycle.stop() else { return }
        let waiters = state.withLock { state in
            // Under the lock, so no connection thread can close (and the OS reuse) a descriptor meanwhile.
            for fd in state.openConnections.values { POSIX.shutdownBoth(fd) }
            if let listener = state.listener, !state.listenerClosed { POSIX.shutdownBoth(listener.fd) }
            let waiters = state.waiters
            state.waiters = []
            return (waiters, state.noteChange())
        }
        for waiter in waiters.0 {
            waiter.timer?.cancel()
            waiter.continuation.resume(throwing: MockWebServerError.shutDown)
        }
        Self.wake(waiters.1)
        // The accept thread closes the listener itself when it leaves its loop: closed here, after a wait that
        // can time out under load, the descriptor could be reused by a parallel test's socket while that
        // thread still polls or accepts on it. (Shut down above, the listener already refuses connections.)
        lifecycle.waitForWorkers(seconds: 5)
    }

    #if canImport(COpenSSL)
    private typealias TLSContext = ServerTLSContext
    #else
    /// No TLS without OpenSSL.
    private typealias TLSContext = Never
    #endif

    private func acceptLoop(_ listener: ListeningSocket, tls: TLSContext? = nil) {
        while !lifecycle.isStopped {
            guard POSIX.pollReadable(listener.fd, milliseconds: 250), !lifecycle.isStopped else { continue }
            guard let fd = listener.accept() else {
                // Out of descriptors (EMFILE) leaves the connection pending and the listener readable: back
                // off briefly instead of spinning.
                _ = lifecycle.sleep(seconds: 0.01)
                continue
            }
            guard let id = connectionOpened(fd) else {
                POSIX.closeSocket(fd)
                continue
            }
            lifecycle.workerStarted()
            let thread = Thread { [self] in
                serve(fd: fd, id: id, tls: tls)
                connectionClosed(id: id, fd: fd)
                lifecycle.workerFinished()
            }
            thread.name = "MockWebServer connection \(id)"
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// Serves one accepted connection on the calling thread, over TLS when `tls` is set.
    private func serve(fd: Int32, id: Int, tls: TLSContext?) {
        #if canImport(COpenSSL)
        if let tls {
            guard let session = ServerTLSSession(context: tls, fd: fd, lifecycle: lifecycle) else {
                recordMalformed(MalformedRequest(
                    kind: .tlsHandshakeFailed, detail: "OpenSSL could not create a session", connectionID: id, respondedStatus: nil
                ))
                return
            }
            Connection(fd: fd, id: id, core: self, tls: session).run()
            return
        }
        #endif
        Connection(fd: fd, id: id, core: self).run()
    }

    private func connectionOpened(_ fd: Int32) -> Int? {
        changing { state in
            // Checked under the lock that `shutdown` takes, so a connection accepted during shutdown is
            // either registered before it (and shut down by it) or refused here.
            guard !lifecycle.isStopped else { return nil }
            let id = state.nextConnectionID
            state.nextConnectionID += 1
            state.openConnections[id] = fd
            state.peakOpenConnections = max(state.peakOpenConnections, state.openConnections.count)
            return id
        }
    }

    private func connectionClosed(id: Int, fd: Int32) {
        changing { state in
            state.openConnections[id] = nil
            POSIX.closeSocket(fd)
        }
    }

    // MARK: Requests and responses

    func enqueue(_ responses: [MockResponse]) {
        state.withLock { $0.responses.append(contentsOf: responses) }
    }

    /// Assigns the request its sequence number, appends it to the log and hands it to a waiting `takeRequest`.
    func record(_ request: RecordedRequest) -> RecordedRequest {
        var request = request
        let waiter: ServerState.Waiter? = changing { state in
            request.sequenceNumber = state.recorded.count
            state.recorded.append(request)
            guard !state.waiters.isEmpty else { return nil }
            state.takeCursor += 1
            return state.waiters.removeFirst()
        }
        if let waiter {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: request)
        }
        return request
    }

    func recordMalformed(_ problem: MalformedRequest) {
        changing { $0.malformed.append(problem) }
    }

    /// The queue's head, else the dispatcher's answer, else the default response.
    func response(for request: RecordedRequest) -> MockResponse {
        response(takeResponse(), for: request)
    }

    /// A response taken from the queue, or what answers when the queue is empty.
    enum PendingResponse: Sendable {
        case ready(MockResponse)
        case dispatch(MockWebServer.Dispatcher)
    }

    /// Takes the queue's head, or else the dispatcher or the default response, so the order of requests
    /// decides which queued response each gets even when they are answered on threads of their own.
    func takeResponse() -> PendingResponse {
        state.withLock { state in
            if !state.responses.isEmpty { return .ready(state.responses.removeFirst()) }
            return state.dispatcher.map { .dispatch($0) } ?? .ready(state.defaultResponse)
        }
    }

    /// The response `pending` stands for: the dispatcher (if that is what it is) runs here.
    func response(_ pending: PendingResponse, for request: RecordedRequest) -> MockResponse {
        switch pending {
        case .ready(let response): response
        case .dispatch(let dispatcher): runDispatcher(dispatcher, request)
        }
    }

    /// Runs the async dispatcher from this blocking connection thread (not a cooperative-pool thread, so
    /// waiting on a semaphore here cannot starve Swift concurrency).
    private func runDispatcher(_ dispatcher: @escaping MockWebServer.Dispatcher, _ request: RecordedRequest) -> MockResponse {
        let result = LockedState<MockResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let response: MockResponse
            do {
                response = try await dispatcher(request)
            } catch {
                response = .text("MockWebServer dispatcher threw: \(error)\n", status: 500)
            }
            result.withLock { $0 = response }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
            if lifecycle.isStopped { return MockResponse().socketPolicy(.disconnectAfterRequest) }
        }
        return result.withLock { $0 } ?? fallbackAfterDispatcherFailure
    }

    private var fallbackAfterDispatcherFailure: MockResponse {
        .text("MockWebServer dispatcher returned nothing\n", status: 500)
    }

    // MARK: takeRequest

    func takeRequest(timeout: Duration) async throws -> RecordedRequest {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RecordedRequest, any Error>) in
                enum Outcome { case ready(RecordedRequest), waiting, stopped }
                let outcome: Outcome = changing { state in
                    if state.takeCursor < state.recorded.count {
                        defer { state.takeCursor += 1 }
                        return .ready(state.recorded[state.takeCursor])
                    }
                    if lifecycle.isStopped { return .stopped }
                    let timer = Task { [self] in
                        try? await Task.sleep(for: timeout)
                        if !Task.isCancelled {
                            failWaiter(id: id, with: MockWebServerError.noRequestWithin(timeout))
                        }
                    }
                    state.waiters.append(ServerState.Waiter(id: id, continuation: continuation, timer: timer))
                    return .waiting
                }
                switch outcome {
                case .ready(let request): continuation.resume(returning: request)
                case .stopped: continuation.resume(throwing: MockWebServerError.shutDown)
                case .waiting: if Task.isCancelled { failWaiter(id: id, with: CancellationError()) }
                }
            }
        } onCancel: {
            failWaiter(id: id, with: CancellationError())
        }
    }

    // MARK: Waiting for changes

    /// The current change count (see `ServerState.changeVersion`).
    var changeVersion: Int {
        state.withLock { $0.changeVersion }
    }

    /// Wakes every `waitForChange` caller for a change outside the server's state (a `MockWebSocket` transcript).
    func noteChange() {
        changing { _ in }
    }

    /// Runs `body` under the lock as a change: wakes every `waitForChange` caller afterwards.
    private func changing<T>(_ body: (inout ServerState) throws -> T) rethrows -> T {
        let (result, woken) = try state.withLock { state in
            let result = try body(&state)
            return (result, state.noteChange())
        }
        Self.wake(woken)
        return result
    }

    private static func wake(_ waiters: [ServerState.ChangeWaiter]) {
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
    }

    /// Suspends until the state changes after `version`, `deadline` passes, or the server stops.
    func waitForChange(after version: Int, deadline: ContinuousClock.Instant) async {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state in
                guard state.changeVersion == version, !lifecycle.isStopped else { return false }
                // Created under the lock, so it cannot remove the waiter before the waiter is added.
                let timer = Task { [self] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    if !Task.isCancelled { wakeChangeWaiter(id: id) }
                }
                state.changeWaiters.append(ServerState.ChangeWaiter(id: id, continuation: continuation, timer: timer))
                return true
            }
            if !waiting { continuation.resume() }
        }
    }

    private func wakeChangeWaiter(id: Int) {
        let waiter: ServerState.ChangeWaiter? = state.withLock { state in
            guard let index = state.changeWaiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.changeWaiters.remove(at: index)
        }
        waiter?.continuation.resume()
    }

    private func failWaiter(id: Int, with error: any Error) {
        let waiter: ServerState.Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(throwing: error)
    }
}
