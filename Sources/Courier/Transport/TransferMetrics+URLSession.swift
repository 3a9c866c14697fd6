import CourierHTTP
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransferMetrics {
    /// The metrics URLSession collected for a task, from its last transaction (the one that got the response);
    /// `nil` when it collected none. Apple platforms report them; URLSession on Linux (libcurl) never does.
    init?(_ metrics: URLSessionTaskMetrics, url: URL, failed: Bool) {
        guard let last = metrics.transactionMetrics.last,
              let start = metrics.transactionMetrics.first?.fetchStartDate ?? last.fetchStartDate else { return nil }
        self.init(url: url, start: start, phaseEnds: Phases(
            domainLookup: last.domainLookupEndDate, connect: last.connectEndDate,
            secureConnection: last.secureConnectionEndDate, requestSent: last.requestEndDate,
            firstByte: last.responseStartDate, complete: last.responseEndDate))
        reusedConnection = last.isReusedConnection
        remoteAddress = last.remoteAddress
        networkProtocolName = last.networkProtocolName
        responseBodyBytes = last.countOfResponseBodyBytesReceived
        self.failed = failed
    }

    /// When each phase of a transfer ended, as a clock reported it.
    struct Phases {
        var domainLookup: Date?
        var connect: Date?
        var secureConnection: Date?
        var requestSent: Date?
        var firstByte: Date?
        var complete: Date?
    }

    /// Metrics whose phases are the times from `start` to each end in `phaseEnds` (never negative).
    init(url: URL, start: Date, phaseEnds: Phases) {
        self.init(url: url)
        func since(_ end: Date?) -> Duration? {
            end.map { .nanoseconds(Int64((max(0, $0.timeIntervalSince(start)) * 1e9).rounded())) }
        }
        domainLookup = since(phaseEnds.domainLookup)
        connect = since(phaseEnds.connect)
        secureConnection = since(phaseEnds.secureConnection)
        requestSent = since(phaseEnds.requestSent)
        firstByte = since(phaseEnds.firstByte)
        complete = since(phaseEnds.complete)
    }
}
