import CourierHTTP
import Foundation

extension NetworkClient {
    /// Sends `endpoint` and returns as soon as the response head has arrived, with the body still streaming:
    /// iterate `response.body` for byte chunks or `response.body.lines` for text lines. The status is validated
    /// first: a status that is not acceptable throws `NetworkError.httpStatus` with the endpoint's typed error
    /// body, as `send` does. Retries happen only before the head; the body is not limited by
    /// `maximumResponseSize` (`body.lines` caps one line instead). Stop reading (or cancel the task) to end the
    /// transfer and free the connection. Choose it over `send` for bodies too large to hold or that never end
    /// (logs, exports), and over `download(_:to:)` when the bytes are processed rather than kept.
    public func stream(_ endpoint: some Endpoint) async throws -> HTTPResponse {
        try await stream(endpoint, errorBody: endpoint.errorBodyType, decoder: decoder(for: endpoint))
    }

    /// `stream(_:)` with the error body type and decoder given (those of the endpoint a modified copy came from).
    func stream(
        _ endpoint: some Endpoint, errorBody: any (Decodable & Sendable).Type, decoder: any ResponseDecoder
    ) async throws -> HTTPResponse {
        var request = try HTTPRequest(endpoint, baseURL: baseURL, defaults: configuration.requestDefaults)
        request.responseBodyMode = .streamed
        return try await send(request, errorBody: errorBody, decoder: decoder)
    }

    /// The decoder of an `APIDefinition` that names one, else the client's.
    func decoder(for endpoint: some Endpoint) -> any ResponseDecoder {
        (endpoint as? any APIDefinition)?.responseDecoder ?? configuration.decoder
    }

    /// JSON Lines (NDJSON): one `Item` per non-empty line of the response, decoded with the endpoint's decoder
    /// (else the client's) as each line arrives (see `JSONLines`): for streaming exports and LLM-style
    /// responses, where waiting for the whole body would hold it all in memory. A line over
    /// `Configuration.maximumLineSize` throws `.responseTooLarge`. Nothing is sent until the sequence is iterated.
    public func lines<Item: Decodable & Sendable>(_ endpoint: some Endpoint, decoding type: Item.Type) -> JSONLines<Item> {
        JSONLines(client: self, endpoint: EndpointBuilder<Data>(endpoint), errorBody: endpoint.errorBodyType,
                  decoder: decoder(for: endpoint))
    }

    /// Server-Sent Events from `endpoint`, parsed by the WHATWG EventSource rules (see `ServerSentEventParser`).
    ///
    /// A stream the server ends, or whose connection drops (`RetryPolicy.isTransient`), is reopened with
    /// `Last-Event-ID` only where a retry would be allowed (`RetryPolicy.allowsResending`: a `GET`, or a request
    /// with an `Idempotency-Key`), after the stream's `retry` time (else the policy's `backoff`), while the
    /// endpoint's (else the client's) retry policy allows: at most `maxAttempts - 1` reconnections in a row
    /// without an event, and none past its `deadline` since the last event; then the sequence ends, or throws
    /// the last attempt's error when that attempt failed, so a stream that gave up reads apart from one the
    /// server ended. Any other stream — a `POST` to a chat endpoint, say — is sent once: it ends when the server
    /// ends it, and a dropped connection throws. The sequence ends on `204 No Content`; it throws on a status
    /// that is not acceptable, a `Content-Type` other than `text/event-stream`, or a line or event `data` over
    /// `Configuration.maximumLineSize` (`.responseTooLarge`). Breaking out of the loop closes the connection.
    ///
    /// ```swift
    /// for try await event in client.events(.post("/chat").body(.json(prompt))) { print(event.data, terminator: "") }
    /// ```
    public func events(_ endpoint: some Endpoint) -> ServerSentEvents {
        ServerSentEvents(client: self, endpoint: EndpointBuilder<Data>(endpoint), policy: endpoint.retryPolicy ?? configuration.retryPolicy,
                         errorBody: endpoint.errorBodyType, decoder: decoder(for: endpoint))
    }

    /// Server-Sent Events whose `data` is decoded as `Item` with the endpoint's decoder (else the client's),
    /// reconnecting as `events(_:)` does. An event whose `data` is not an `Item` throws `NetworkError.decoding`
    /// and ends the loop; use `events(_:)` to see the event type and skip kinds you do not decode.
    public func events<Item: Decodable & Sendable>(
        _ endpoint: some Endpoint, decoding type: Item.Type
    ) -> AsyncThrowingMapSequence<ServerSentEvents, Item> {
        let decoder = decoder(for: endpoint)
        return events(endpoint).map { event in
            try ResponseDecoding.decode(Item.self, body: Data(event.data.utf8), statusCode: nil, headers: [:], with: decoder)
        }
    }

    /// The typed events of an `EventStreamDefinition` (an httpidl `RESPONSE EVENTS` endpoint, say): each event's
    /// `data` decoded as `Event`, as `events(_:decoding:)` does.
    ///
    /// ```swift
    /// for try await chunk in client.events(PostChatRequest(prompt: "hi")) { print(chunk.delta ?? "", terminator: "") }
    /// ```
    public func events<Stream: EventStreamDefinition>(_ endpoint: Stream) -> AsyncThrowingMapSequence<ServerSentEvents, Stream.Event> {
        events(endpoint, decoding: Stream.Event.self)
    }

    /// A `text/event-stream` response, or a typed error saying what came instead.
    static func checkEventStream(_ response: HTTPResponse) throws {
        let type = response.headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "text/event-stream" else {
            response.body.discard()
            throw NetworkError.transport(TransportFailure(
                kind: .badServerResponse, message: "expected an event stream, got Content-Type \(type ?? "none")"))
        }
    }
}
