import CourierSockets
import Foundation
import Testing

/// The HTTP version the loopback tests run SocketTransport with: `COURIER_TEST_HTTP_VERSION=h2` forces HTTP/2
/// with prior knowledge (MockWebServer recognises the HTTP/2 preface on every connection), so the suites that
/// exercise SocketTransport run once over each protocol (`.ci/run` does the HTTP/2 pass).
public enum TestHTTPVersion {
    /// Whether this run forces HTTP/2.
    public static let forcesHTTP2 = ProcessInfo.processInfo.environment["COURIER_TEST_HTTP_VERSION"] == "h2"
}

extension Trait where Self == ConditionTrait {
    /// Skips a test in the forced HTTP/2 run: it checks something only HTTP/1.1 has; `reason` says what.
    public static func http1Only(_ reason: Comment) -> Self {
        .disabled(if: TestHTTPVersion.forcesHTTP2, reason)
    }
}

#if os(Linux)  // SocketTransport is Linux only
extension SocketTransport {
    /// A transport for tests: `configuration` with HTTP/2 by prior knowledge in the forced HTTP/2 run (a
    /// configuration that names a version other than `.automatic` keeps it).
    public static func testing(_ configuration: Configuration = Configuration()) -> SocketTransport {
        var configuration = configuration
        if TestHTTPVersion.forcesHTTP2, configuration.httpVersion == .automatic { configuration.httpVersion = .http2PriorKnowledge }
        return SocketTransport(configuration: configuration)
    }
}
#endif
