import CourierHTTP
import Foundation

/// The events of a `text/event-stream` endpoint (`NetworkClient.events`), read as they arrive; reconnects as
/// `NetworkClient.events` describes. Each iteration opens its own connection.
///
/// The iterator parses the body where it reads it — no task or buffer in between — so an event costs its parsing
/// and little more.
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = ServerSentEvent

    let client: NetworkClient
    let endpoint: EndpointBuilder<Data>
    let policy: RetryPolicy
    /// The typed error body of the endpoint `endpoint` was made from, decoded for a failing status.
    let errorBody: any (Decodable & Sendable).Type
    /// The decoder of that endpoint (else the client's), for the error body.
    let decoder: any ResponseDecoder

    /// Starts reading (the first `next()` connects).
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: self)
    }

    /// Reads events; dropping it closes the connection.
    ///
    /// The events of one chunk are handed out from a batch kept in reverse order, so each `next()` moves one out
    /// (no copy); everything else — the connection, the parser, reconnection — lives in a `Reader`, so the
    /// iterator the loop copies in and out of each call is two words.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var batch: [ServerSentEvent] = []
        private let reader: Reader

        init(events: ServerSentEvents) {
            reader = Reader(events: events)
        }

        /// The next event, or `nil` once the stream ended (`204`, or reconnection no longer allowed).
        public mutating func next() async throws -> ServerSentEvent? {
            while batch.isEmpty {
                guard let events = try await reader.nextBatch() else { return nil }
                batch = events
                batch.reverse()
            }
            return batch.popLast()
        }
    }

    /// The connection, the parser and the reconnection state of one iteration; used by its one iterator only.
    private final class Reader {
        private let events: ServerSentEvents
        private var body: ResponseBody.AsyncIterator?
        private var parser = ServerSentEventParser()
        private var finished = false
        private var failures = 0
        private var lastProgress = ContinuousClock.now

        init(events: ServerSentEvents) {
            self.events = events
        }

        /// The events of the next chunk that completes any (in order), or `nil` once the stream ended.
        func nextBatch() async throws -> [ServerSentEvent]? {
            while !finished {
                guard body != nil else {
                    try await connect()
                    continue
                }
                do {
                    guard let chunk = try await body?.next() else {
                        try await reconnectOrFinish()
                        continue
                    }
                    let ready = parser.parse(chunk)
                    if !ready.isEmpty {
                        failures = 0
                        lastProgress = .now
                        return ready
                    }
                } catch let error as NetworkError where NetworkClient.isReconnectable(error) {
                    try await reconnectOrFinish()
                }
            }
            return nil
        }

        private func connect() async throws {
            var request = events.endpoint.header("Accept", "text/event-stream").retryPolicy(.never)
            if let id = parser.lastEventID, !id.isEmpty { request = request.header("Last-Event-ID", id) }
            do {
                let response = try await events.client.stream(request, errorBody: events.errorBody, decoder: events.decoder)
                if response.statusCode == 204 {
                    response.body.discard()
                    finished = true
                    return
                }
                try NetworkClient.checkEventStream(response)
                body = response.body.makeAsyncIterator()
            } catch let error as NetworkError where NetworkClient.isReconnectable(error) {
                try await reconnectOrFinish()
            }
        }

        /// The connection ended or failed: drop the partial event, wait the reconnection time, or finish when the
        /// retry policy allows no more.
        private func reconnectOrFinish() async throws {
            body = nil
            parser.reset()
            failures += 1
            let delay = parser.retry.map { TimeInterval($0) / 1000 } ?? events.policy.baseDelay
            let sinceProgress = ContinuousClock.seconds(since: lastProgress)
            guard failures < events.policy.maxAttempts, events.policy.deadline.map({ sinceProgress + delay < $0 }) ?? true else {
                finished = true
                return
            }
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                throw NetworkError.cancelled
            }
        }
    }
}
