import Foundation

/// An endpoint whose response is a `text/event-stream` of typed events: `client.events(endpoint)` yields each
/// event's `data` decoded as `Event` with the endpoint's `responseDecoder` (else the client's), and a failing
/// status throws `NetworkError.httpStatus` carrying the decoded `APIErrorBody`. httpidl generates these from
/// `GET RESPONSE EVENTS { … }`.
///
/// ```swift
/// struct Chat: EventStreamDefinition {
///     typealias Event = ChatChunk
///     var method: HTTPMethod { .post }
///     var path: EndpointPath { "/chat" }
/// }
/// for try await chunk in client.events(Chat()) { print(chunk.delta, terminator: "") }
/// ```
///
/// `send` on such an endpoint returns the whole stream's bytes once it has ended (`APIResponse` is `Data`).
public protocol EventStreamDefinition: APIDefinition where APIResponse == Data {
    /// What one event's `data` decodes into; an event whose `data` is not an `Event` throws
    /// `NetworkError.decoding` and ends the loop.
    associatedtype Event: Decodable & Sendable
}
