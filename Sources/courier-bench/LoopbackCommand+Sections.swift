import Foundation

/// The sections of `courier-bench loopback`, each a group of rows with its summary and goals.
extension LoopbackCommand {
    static func httpSection(_ options: LoopbackOptions) {
        let report = LoopbackReport.self
        print("-- GET 200-byte JSON over HTTP")
        let sides: [LoopbackSide] = [.wrk, .urlSession, .courierURLSession, .courierSocket, .bareSocket]
        let gets = group(sides, options, report.requestLine)
        report.requestSummary(gets, sides: sides)
        report.requestGoals(gets)
    }

    static func httpsSection(_ options: LoopbackOptions) {
        let report = LoopbackReport.self
        print("-- GET 200-byte JSON over HTTPS (URLSession on Linux cannot trust a private CA, so no URLSession rows)")
        let https = group([.wrkHTTPS, .courierSocketHTTPS], options, report.requestLine)
        report.requestSummary(https, sides: [.wrkHTTPS, .courierSocketHTTPS])
        report.ratio("SocketTransport-https ÷ wrk-https", https[.courierSocketHTTPS], https[.wrkHTTPS], \.requestsPerSecond, goal: nil)
        report.cpuBound(https, .courierSocketHTTPS, against: .wrkHTTPS)
    }

    /// HTTP/2 over TLS (ALPN h2) beside its ceiling, h2load, and beside Courier's HTTP/1.1 over TLS, in the same
    /// passes; then RSS over 100,000 HTTP/2 GETs.
    static func http2Section(_ options: LoopbackOptions) {
        let report = LoopbackReport.self
        print("-- GET 200-byte JSON over HTTP/2 (TLS, ALPN h2): h2load -c1 -m\(LoopbackClients.concurrency), "
            + "SocketTransport \(LoopbackClients.concurrency) streams on one connection, SocketTransport HTTP/1.1 over TLS")
        let sides: [LoopbackSide] = [.h2load, .courierSocketH2, .courierSocketHTTPS]
        let gets = group(sides, options, report.requestLine)
        report.requestSummary(gets, sides: sides)
        report.http2Goals(gets)
        print("-- RSS over \(LoopbackWorker.flatnessRequests) GETs through SocketTransport over HTTP/2")
        report.flatness(spawn(.socketRSSH2, options))
    }

    static func rssSection(_ options: LoopbackOptions) {
        print("-- RSS over \(LoopbackWorker.flatnessRequests) GETs through SocketTransport")
        LoopbackReport.flatness(spawn(.socketRSS, options))
    }

    static func downloadSection(_ options: LoopbackOptions) {
        print("-- 1 GiB download to a file")
        let downloads = group([.downloadTask, .downloadData, .downloadSocket], options, LoopbackReport.transferLine)
        LoopbackReport.downloadSummary(downloads)
    }

    /// 1 GiB through `client.stream` over HTTP, HTTPS and (with its port) HTTP/2: the TLS CPU goal against
    /// `openssl speed` of the negotiated cipher, and HTTP/2's rate against HTTP/1.1's.
    static func streamSection(_ options: LoopbackOptions) {
        let report = LoopbackReport.self
        print("-- 1 GiB through NetworkClient.stream over SocketTransport (chunks counted and dropped)")
        let sides: [LoopbackSide] = [.streamHTTP, .streamHTTPS] + (options.h2Port > 0 ? [.streamH2] : [])
        let streams = group(sides, options, report.transferLine)
        report.streamSummary(streams)
        report.tlsCPUGoal(streams, cipher: LoopbackCipherCost.perGibibyte(directory: options.directory))
        report.http2DownloadGoals(streams)
    }

    static func uploadSection(_ options: LoopbackOptions) {
        print("-- 1 GiB multipart upload from disk over SocketTransport (nginx answers 204)")
        let uploads = group([.uploadSocket], options, LoopbackReport.transferLine)
        LoopbackReport.uploadSummary(uploads[.uploadSocket] ?? [])
    }
}
