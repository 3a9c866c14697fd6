import CourierHTTP
import Foundation

/// The events of a `text/event-stream` endpoint (`NetworkClient.events`), read as they arrive; reconnects as
/// `NetworkClient.events` describes. Each iteration opens its own connection.
///
/// The iterator parses the body where it reads it — no task or buffer in between — so an event costs its parsing
/// and little more. Memory stays bounded by `Configuration.maximumLineSize` (16 MiB by default): a line or an
/// event's `data` over it throws `NetworkError.transport` with `.responseTooLarge` and ends the loop, so a server
/// that never ends its event cannot grow memory without bound.
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// One event, as the server sent it (the `decoding:` variants decode its `data`).
    public typealias Element = ServerSentEvent

    let client: NetworkClient
    let endpoint: EndpointBuilder<Data>
    let policy: RetryPolicy
    /// The typed error body of the endpoint `endpoint` was made from, decoded for a failing status.
    let errorBody: any (Decodable & Sendable).Type
    /// The decoder of that endpoint (else the client's), for the error body.
    let decoder: any ResponseDecoder

    /// Starts reading; the first `next()` connects, so nothing is requested until someone iterates.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: self)
    }

    /// Reads events; dropping it closes the connection.
    ///
    /// The events of one chunk are handed out from their batch; everything else — the connection, the parser,
    /// reconnection — lives in a `Reader`, so the iterator is three words.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var batch: [ServerSentEvent] = []
        private var index = 0
        private let reader: Reader

        init(events: ServerSentEvents) {
            reader = Reader(events: events)
        }

        /// The next event, or `nil` once the stream ended (`204`, or the server ended it and no reconnection is
        /// allowed). Throws `NetworkError`: `.httpStatus` for a status that is not acceptable, `.transport` for a
        /// `Content-Type` other than `text/event-stream`, for a dropped connection that may not be reopened or
        /// whose reconnections are used up (the last attempt's error), or for a line or event over
        /// `Configuration.maximumLineSize` (`.responseTooLarge`).
        public mutating func next() async throws -> ServerSentEvent? {
            try await next(isolation: nil)
        }

        /// `next()` on the caller's actor (what `for try await` calls): an event of the current batch is returned
        /// without a hop to another executor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> ServerSentEvent? {
            while index == batch.count {
                guard let events = try await reader.nextBatch(isolation: actor) else { return nil }
                batch = events
                index = 0
            }
            index += 1
            return batch[index - 1]
        }
    }

    /// The connection, the parser and the reconnection state of one iteration; used by its one iterator only.
    private final class Reader {
        private let events: ServerSentEvents
        private var body: ResponseBody.AsyncIterator?
        private var parser: ServerSentEventParser
        private var finished = false
        private var failures = 0
        private var lastProgress = ContinuousClock.now

        init(events: ServerSentEvents) {
            self.events = events
            parser = ServerSentEventParser(limit: events.client.configuration.maximumLineSize)
        }

        /// The events of the next chunk that completes any (in order), or `nil` once the stream ended.
        func nextBatch(isolation actor: isolated (any Actor)?) async throws -> [ServerSentEvent]? {
            while !finished {
                if let failure = parser.failure {   // over the limit: thrown once the events before it were handed out
                    finished = true
                    body = nil
                    throw failure
                }
                guard body != nil else {
                    try await connect(isolation: actor)
                    continue
                }
                do {
                    guard let chunk = try await body?.next() else {
                        try await reconnectOrFinish(after: nil, isolation: actor)
                        continue
                    }
                    let ready = parser.parse(chunk)
                    if !ready.isEmpty {
                        failures = 0
                        lastProgress = .now
                        return ready
                    }
                } catch let error as NetworkError where RetryPolicy.isTransient(error) {
                    try await reconnectOrFinish(after: error, isolation: actor)
                }
            }
            return nil
        }

        private func connect(isolation actor: isolated (any Actor)?) async throws {
            let fields = DefaultHeadersInterceptor.eventStreamFields(lastEventID: parser.lastEventID)
            let request = events.endpoint.headers(fields).retryPolicy(.never)
            do {
                let response = try await events.client.stream(request, errorBody: events.errorBody, decoder: events.decoder)
                if response.statusCode == 204 {
                    response.body.discard()
                    finished = true
                    return
                }
                try NetworkClient.checkEventStream(response)
                body = response.body.makeAsyncIterator()
            } catch let error as NetworkError where RetryPolicy.isTransient(error) {
                try await reconnectOrFinish(after: error, isolation: actor)
            }
        }

        /// The connection ended (`error == nil`) or failed with a transient `error`: drop the partial event and
        /// wait the reconnection time, or finish (rethrowing `error`) when the request may not be sent again or
        /// the retry policy allows no more reconnections.
        private func reconnectOrFinish(after error: NetworkError?, isolation actor: isolated (any Actor)?) async throws {
            body = nil
            parser.reset()
            failures += 1
            let policy = events.policy
            guard RetryPolicy.allowsResending(events.endpoint.method, headers: events.endpoint.headers) else {
                if let error { throw error }
                finished = true
                return
            }
            let delay = parser.retry.map { Duration.milliseconds($0) } ?? policy.backoff(attempt: failures)
            guard failures < policy.maxAttempts, policy.deadline.map({ ContinuousClock.now - lastProgress + delay < $0 }) ?? true else {
                finished = true
                if let error { throw error }   // reconnections used up: say why, unlike a server that ended the stream
                return
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw NetworkError.cancelled
            }
        }
    }
}
