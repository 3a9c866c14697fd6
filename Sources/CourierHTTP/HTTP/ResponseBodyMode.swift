/// How the client consumes a response body: said by the request, never implied by a missing limit.
///
/// The mode decides memory use: a buffered body costs its size in memory (hence the limit); streamed and file
/// bodies hold only a chunk or two at a time, so they have none.
///
/// ```swift
/// var request = try HTTPRequest(endpoint, baseURL: baseURL, defaults: defaults)   // .buffered(limit: 64 MiB)
/// request.responseBodyMode = .streamed                                         // read chunk by chunk
/// ```
public enum ResponseBodyMode: Sendable, Hashable {
    /// Read into memory inside the stack, at most `limit` bytes: a larger body (or a `Content-Length` over it)
    /// fails with `TransportFailure.Kind.responseTooLarge`. What `send` and `response` use; only these bodies
    /// are cached or shared by `CoalescingInterceptor`.
    case buffered(limit: Int)
    /// Left streaming to the caller, unlimited (`NetworkClient.stream`, `lines`, `events`): for bodies that are
    /// large, endless or processed as they arrive.
    case streamed
    /// Streamed into a file by `NetworkClient.download`, unlimited: the body never sits in memory.
    case file

    /// The in-memory limit of a `.buffered` body; `nil` for a body that is not read into memory (and so has no
    /// limit).
    public var bufferLimit: Int? {
        if case .buffered(let limit) = self { limit } else { nil }
    }
}
