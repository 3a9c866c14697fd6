import CourierHTTP
import Foundation

/// The values of a JSON Lines (NDJSON) endpoint (`NetworkClient.lines(_:decoding:)`): one `Item` per non-empty
/// line, decoded as each line arrives. The first `next()` sends the request; each iteration sends its own.
///
/// Values are read as the loop asks for them, with no task or buffer in between, so a loop that stops reading
/// stops the transfer and memory stays bounded by the longest line; a line over `Configuration.maximumLineSize`
/// (16 MiB by default) throws `NetworkError.transport` with `.responseTooLarge`. Breaking out of the loop closes
/// the connection. A line that is not an `Item` throws `NetworkError.decoding` and ends the loop; blank lines are
/// skipped, so keep-alive newlines do no harm.
public struct JSONLines<Item: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item

    let client: NetworkClient
    let endpoint: EndpointBuilder<Data>
    let errorBody: any (Decodable & Sendable).Type
    let decoder: any ResponseDecoder

    /// Starts reading; the first `next()` sends the request, so building the sequence costs nothing and each
    /// iterator gets its own response.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lines: self)
    }

    /// Reads values; dropping it closes the connection, so leaving a loop early frees it at once.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let lines: JSONLines
        private var response: HTTPResponse?
        private var reader: LineReader?

        init(lines: JSONLines) {
            self.lines = lines
        }

        /// The next value, or `nil` at the end of the body. Throws `NetworkError`: `.httpStatus` (with the typed
        /// error body) on the first call, `.transport` when the connection fails or a line is over
        /// `maximumLineSize` (`.responseTooLarge`), `.decoding` for a line that is not an `Item`.
        public mutating func next() async throws -> Item? {
            try await next(isolation: nil)
        }

        /// `next()` on the caller's actor (what `for try await` calls), so reading needs no hop to another
        /// executor per value.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Item? {
            if reader == nil {
                let response = try await lines.client.stream(lines.endpoint, errorBody: lines.errorBody, decoder: lines.decoder)
                self.response = response
                reader = LineReader(body: response.body, limit: lines.client.configuration.maximumLineSize)
            }
            guard let reader, let response else { return nil }
            while let line = try await reader.next(isolation: actor) {
                if line.allSatisfy(\.isWhitespace) { continue }
                return try ResponseDecoding.decode(
                    Item.self, body: Data(line.utf8), statusCode: response.statusCode, headers: response.headers, with: lines.decoder)
            }
            return nil
        }
    }
}
