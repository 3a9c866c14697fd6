import Foundation

/// One stored response (RFC 9111 §3): its head and body, when it was requested and received, and the selecting
/// header fields of the request that got it (`Vary`). The freshness facts are worked out once, when it is made.
package struct CacheEntry: Sendable, Equatable {
    /// One selecting header field of the stored request: the lowercased name and the normalized value, `nil`
    /// when the request did not have the field.
    package struct VaryField: Sendable, Hashable, Codable {
        /// The field name, lowercased.
        package var name: String
        /// The request's values joined and normalized (see `CacheEntry.normalizedValue`), or `nil`.
        package var value: String?

        /// Creates a field.
        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The cache key (the URL without its fragment).
    package let key: String
    /// The URL that answered.
    package let url: URL?
    /// The status code.
    package let statusCode: Int
    /// The stored header fields (hop-by-hop fields left out).
    package let headers: HTTPHeaders
    /// The body.
    package let body: Data
    /// When the request that got this response was sent (`request_time`, §4.2.3).
    package let requestTime: Date
    /// When the response arrived (`response_time`, §4.2.3).
    package let responseTime: Date
    /// The stored request's selecting header fields, in the order `Vary` names them.
    package let varyFields: [VaryField]

    /// The response's `Cache-Control` directives.
    package let cacheControl: CacheControl
    /// `corrected_initial_age` (§4.2.3), in seconds.
    package let correctedInitialAge: Double
    /// The freshness lifetime (§4.2.1), in seconds; 0 when the response is stale from the start.
    package let freshnessLifetime: Double

    /// Creates an entry and works out its age and freshness lifetime.
    package init(
        key: String, url: URL?, statusCode: Int, headers: HTTPHeaders, body: Data, requestTime: Date, responseTime: Date,
        varyFields: [VaryField]
    ) {
        let cacheControl = CacheControl(headers)
        let date = headers["Date"].flatMap(HTTPDate.parse) ?? responseTime
        // §4.2.3: the age calculation; an `Age` that is not one delta-seconds value makes the response stale (§5.1).
        let ageValue = Self.ageValue(headers)
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        let lifetime = ageValue == nil ? 0 : Self.freshnessLifetime(statusCode: statusCode, headers: headers, cacheControl: cacheControl, date: date)
        self.init(
            key: key, url: url, statusCode: statusCode, headers: headers, body: body, requestTime: requestTime,
            responseTime: responseTime, varyFields: varyFields, correctedInitialAge: max(apparentAge, (ageValue ?? 0) + responseDelay),
            freshnessLifetime: lifetime, cacheControl: cacheControl)
    }

    /// Creates an entry whose age and lifetime were worked out before (read back from a disk cache's file,
    /// without parsing its dates again); `cacheControl` is parsed from `headers` when not given.
    init(
        key: String, url: URL?, statusCode: Int, headers: HTTPHeaders, body: Data, requestTime: Date, responseTime: Date,
        varyFields: [VaryField], correctedInitialAge: Double, freshnessLifetime: Double, cacheControl: CacheControl? = nil
    ) {
        self.key = key
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.varyFields = varyFields
        self.cacheControl = cacheControl ?? CacheControl(headers)
        self.correctedInitialAge = correctedInitialAge
        self.freshnessLifetime = freshnessLifetime
    }

    /// `current_age` at `now` (§4.2.3), in seconds.
    package func currentAge(at now: Date) -> Double {
        correctedInitialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// The size counted against the cache's capacity: body, header fields and key.
    package var cost: Int {
        body.count + key.utf8.count + headers.fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// Whether `request`'s selecting header fields match the stored request's (§4.1).
    package func matches(_ request: HTTPHeaders) -> Bool {
        varyFields.allSatisfy { Self.normalizedValue(of: $0.name, in: request) == $0.value }
    }

    /// Statuses a response may be stored for and reused with heuristic freshness (RFC 9110 §15.1; 206 is left
    /// out: this cache does not combine partial content).
    package static let heuristicallyCacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The share of the `Last-Modified` age used as heuristic freshness (§4.2.2).
    package static let heuristicFraction = 0.1

    /// The `Age` value in seconds: 0 without the field, `nil` when it is invalid — a list (`Age: 1, 2`, or two
    /// fields), or not delta-seconds (§5.1: such a response is stale).
    private static func ageValue(_ headers: HTTPHeaders) -> Double? {
        let values = headers.values(for: "Age")
        guard let first = values.first else { return 0 }
        guard values.count == 1, let seconds = CacheControl.deltaSeconds(first.trimmingOWS) else { return nil }
        return Double(seconds)
    }

    /// §4.2.1: `max-age`, else `Expires` − `Date`, else (for heuristically cacheable statuses) 10 % of the time
    /// since `Last-Modified`. `s-maxage` is ignored (a private cache). An `Expires` that `HTTPDate` does not read
    /// (`0`, `-1`, a zone other than `GMT`, …), or several that differ, means already expired (§5.3).
    private static func freshnessLifetime(statusCode: Int, headers: HTTPHeaders, cacheControl: CacheControl, date: Date) -> Double {
        if let maxAge = cacheControl.maxAge { return Double(maxAge) }
        let expires = headers.values(for: "Expires")
        if let first = expires.first {
            guard expires.allSatisfy({ $0 == first }), let expiry = HTTPDate.parse(first.trimmingOWS) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        guard heuristicallyCacheableStatuses.contains(statusCode),
              let lastModified = headers["Last-Modified"].flatMap({ HTTPDate.parse($0.trimmingOWS) }) else { return 0 }
        return max(0, date.timeIntervalSince(lastModified)) * heuristicFraction
    }

    /// The field names a response's `Vary` lists (lowercased, every line, in order); `nil` for `Vary: *`.
    package static func varyNames(_ headers: HTTPHeaders) -> [String]? {
        var names: [String] = []
        for line in headers.values(for: "Vary") {
            for element in line.split(separator: ",") {
                let name = String(element).trimmingOWS.lowercased()
                if name == "*" { return nil }
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The values of `name` in `headers`, joined by commas, with the whitespace around each element removed (the
    /// normalization §4.1 allows), or `nil` when there is no such field.
    package static func normalizedValue(of name: String, in headers: HTTPHeaders) -> String? {
        let values = headers.values(for: name)
        guard !values.isEmpty else { return nil }
        return values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { String($0).trimmingOWS }.joined(separator: ",")
    }
}
