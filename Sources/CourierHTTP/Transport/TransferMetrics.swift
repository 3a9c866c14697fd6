import Foundation

/// How one request over `SocketTransport` spent its time, and on which connection: what URLSession never
/// reports on Linux. On `Response.metrics` (and `HTTPResponse.metrics` once the body is read), and delivered to
/// `SocketTransport.Configuration.metricsHandler` when the response body ends (or the request fails).
///
/// Every phase is measured from the moment the transport got the request; a phase that did not happen (no
/// DNS lookup on a reused connection, no TLS over plain HTTP) is `nil`.
public struct TransferMetrics: Sendable, Hashable, CustomStringConvertible {
    /// The URL requested.
    public var url: URL {
        get { location.url }
        set { location = RequestURL(newValue) }
    }
    /// The URL requested, parsed only when `url` is read.
    package var location: RequestURL
    /// Whether the request went out on a pooled connection opened for an earlier one.
    public var reusedConnection: Bool
    /// The address connected to (`127.0.0.1:8080`), when known.
    public var remoteAddress: String?
    /// The protocol the connection spoke, as ALPN names it: `"h2"` or `"http/1.1"` (as
    /// `URLSessionTaskTransactionMetrics.networkProtocolName`); `nil` when the transport does not say.
    public var networkProtocolName: String?
    /// Until the host name was resolved.
    public var domainLookup: Duration?
    /// Until the TCP connection was established.
    public var connect: Duration?
    /// Until the TLS handshake was over.
    public var secureConnection: Duration?
    /// Until the last request byte was written.
    public var requestSent: Duration?
    /// Until the first response byte arrived.
    public var firstByte: Duration?
    /// Until the response body ended (or the request failed).
    public var complete: Duration?
    /// Response body bytes received (before content decoding).
    public var responseBodyBytes: Int64
    /// Whether the request failed.
    public var failed: Bool

    /// A one-line summary: `GET http://… h2 reused=false connect=0.3ms firstByte=1.1ms complete=1.2ms`.
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
