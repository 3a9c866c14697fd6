/// Counts the peer's frames that cost us work but move no response forward, between two that do (a field
/// block or body bytes on an open stream), and ends the connection with ENHANCE_YOUR_CALM past a limit:
/// SETTINGS and PING floods (each makes us queue an answer), rapid stream resets, and frames that do nothing.
struct HTTP2FloodGuard {
    enum Kind: CaseIterable {
        case settings, ping, reset, empty
    }

    private var counts = [Int](repeating: 0, count: Kind.allCases.count)

    /// A frame that moved a response forward: every count starts again.
    mutating func progress() {
        for index in counts.indices { counts[index] = 0 }
    }

    /// Counts one frame of `kind`.
    /// - Throws: a connection ENHANCE_YOUR_CALM once the count passes its limit.
    mutating func count(_ kind: Kind, limits: HTTP2Limits) throws(HTTP2Error) {
        let index: Int
        let limit: Int
        let what: String
        switch kind {
        case .settings: (index, limit, what) = (0, limits.maximumSettingsWithoutProgress, "SETTINGS frames")
        case .ping: (index, limit, what) = (1, limits.maximumPingsWithoutProgress, "PING frames")
        case .reset: (index, limit, what) = (2, limits.maximumResetsWithoutProgress, "stream resets")
        case .empty: (index, limit, what) = (3, limits.maximumEmptyFramesWithoutProgress, "frames that do nothing")
        }
        counts[index] += 1
        guard counts[index] <= limit else {
            throw .connection(.enhanceYourCalm, "over \(limit) \(what) without a response")
        }
    }
}
