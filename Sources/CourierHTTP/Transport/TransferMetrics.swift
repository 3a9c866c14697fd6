import Foundation

/// How one request spent its time, and on which connection: measured by `SocketTransport`, and taken from
/// URLSession's task metrics by `URLSessionTransport` on Apple platforms (URLSession on Linux reports none). On
/// `Response.metrics` (and `HTTPResponse.metrics` once the body is read), and delivered to
/// `SocketTransport.Configuration.metricsHandler` when the response body ends (or the request fails). Use it to
/// tell a slow DNS lookup, connect or handshake from a slow server (`firstByte`).
///
/// Every phase is measured from the moment the transport got the request; a phase that did not happen (no
/// DNS lookup on a reused connection, no TLS over plain HTTP) is `nil`.
public struct TransferMetrics: Sendable, Hashable, CustomStringConvertible {
    /// The URL requested (this hop's, when redirects were followed: each hop has its own metrics).
    public var url: URL {
        get { location.url }
        set { location = RequestURL(newValue) }
    }
    /// The URL requested, parsed only when `url` is read.
    package var location: RequestURL
    /// Whether the request went out on a pooled connection opened for an earlier one; a reused connection
    /// skips DNS, connect and TLS, which is why the pool exists.
    public var reusedConnection: Bool
    /// The address connected to (`127.0.0.1:8080`), when known: says which of several resolved addresses
    /// (or which proxy) answered.
    public var remoteAddress: String?
    /// The protocol the connection spoke, as ALPN names it: `"h2"` or `"http/1.1"` (as
    /// `URLSessionTaskTransactionMetrics.networkProtocolName`); `nil` when the transport does not say. Shows
    /// whether HTTP/2 was negotiated.
    public var networkProtocolName: String?
    /// Until the host name was resolved; `nil` on a reused connection.
    public var domainLookup: Duration?
    /// Until the TCP connection was established; `nil` on a reused connection.
    public var connect: Duration?
    /// Until the TLS handshake was over; `nil` for plain HTTP or a reused connection.
    public var secureConnection: Duration?
    /// Until the last request byte was written (a large upload shows here).
    public var requestSent: Duration?
    /// Until the first response byte arrived: minus `requestSent`, the server's think time.
    public var firstByte: Duration?
    /// Until the response body ended (or the request failed); includes the time the reader took to consume it.
    public var complete: Duration?
    /// Response body bytes received (before content decoding): what went over the network, not what the
    /// reader got.
    public var responseBodyBytes: Int64
    /// Whether the request failed (the phases then stop where it failed).
    public var failed: Bool

    /// A one-line summary for logs: `http://… h2 reused=false connect=0.30ms firstByte=1.10ms complete=1.20ms`
    /// (the URL, the protocol, then each measured phase in milliseconds).
    public var description: String {
        func text(_ name: String, _ value: Duration?) -> String? {
            value.map { "\(name)=\(String(format: "%.2f", Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000))ms" }
        }
        let phases = [
            text("dns", domainLookup), text("connect", connect), text("tls", secureConnection), text("sent", requestSent),
            text("firstByte", firstByte), text("complete", complete),
        ].compactMap { $0 }
        let head = ["\(location.string)"] + (networkProtocolName.map { [$0] } ?? []) + ["reused=\(reusedConnection)"]
        return (head + phases + (failed ? ["failed"] : [])).joined(separator: " ")
    }

    /// Empty metrics for `url`.
    package init(url: URL) {
        self.init(location: RequestURL(url))
    }

    /// Empty metrics for the URL `location`.
    package init(location: RequestURL) {
        self.location = location
        self.reusedConnection = false
        self.responseBodyBytes = 0
        self.failed = false
    }
}
