/// One row of `courier-bench loopback`: what one worker process (`courier-bench loopback-worker <side> …`)
/// measures, so that its CPU time and peak RSS are that side's alone.
enum LoopbackSide: String, CaseIterable, Sendable {
    /// `wrk -t1 -c64` on the 200-byte JSON (its own CPU and maxrss, from the worker's waited-for child).
    case wrk
    /// URLSession with no Courier: 64 data tasks in flight, 64 connections per host, JSONDecoder.
    case urlSession = "urlsession"
    /// `NetworkClient.send` over `URLSessionTransport` (64 connections per host), 64 in flight.
    case courierURLSession = "courier-urlsession"
    /// `NetworkClient.send` over `SocketTransport` (64 connections per host), 64 in flight.
    case courierSocket = "courier-socket"
    /// The bare transport under that row: `SocketTransport.send`, the body collected, status checked and
    /// `JSONDecoder` run on the same bytes, no `NetworkClient`; what the client adds is the ratio of the two.
    case bareSocket = "bare-socket"
    /// `wrk` over TLS.
    case wrkHTTPS = "wrk-https"
    /// `SocketTransport` over TLS, trusting the test CA.
    case courierSocketHTTPS = "courier-socket-https"
    /// `SocketTransport` over 100,000 GETs, resident memory sampled every 10,000.
    case socketRSS = "courier-socket-rss"
    /// `h2load -c1 -m64` over TLS (ALPN h2) on the 200-byte JSON: HTTP/2's ceiling on this machine.
    case h2load
    /// `NetworkClient.send` over `SocketTransport`, 64 in flight on one HTTP/2 connection (TLS, ALPN h2).
    case courierSocketH2 = "courier-socket-h2"
    /// `courierSocketH2` over 100,000 GETs, resident memory sampled every 10,000.
    case socketRSSH2 = "courier-socket-h2-rss"
    /// 1 GiB to a file with a URLSession `downloadTask` (moved into place).
    case downloadTask = "download-urlsession-task"
    /// 1 GiB to a file with a URLSession data task whose delegate writes each chunk to a `FileHandle`.
    case downloadData = "download-urlsession-data"
    /// 1 GiB to a file with `NetworkClient.download(_:to:)` over `SocketTransport`.
    case downloadSocket = "download-courier-socket"
    /// 1 GiB through `NetworkClient.stream` over `SocketTransport`, the body iterated and dropped: plain HTTP/1.1,
    /// HTTPS (HTTP/1.1) and HTTP/2 over TLS.
    case streamHTTP = "stream-courier-http"
    case streamHTTPS = "stream-courier-https"
    case streamH2 = "stream-courier-h2"
    /// 1 GiB multipart upload (one file part) over `SocketTransport` to nginx's 204 location.
    case uploadSocket = "upload-courier-socket"
}
