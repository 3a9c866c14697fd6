import Foundation

extension CacheEntry {
    /// Header fields never stored nor updated (§3.1): `Connection`, the fields it lists, and the other
    /// hop-by-hop fields.
    static let hopByHopFields: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade",
        "proxy-authenticate", "proxy-authentication-info", "proxy-authorization",
    ]

    /// `headers` without the fields of `hopByHopFields` and those `Connection` names.
    static func storable(_ headers: HTTPHeaders) -> HTTPHeaders {
        var excluded = hopByHopFields
        for line in headers.values(for: "Connection") {
            for name in line.split(separator: ",") { excluded.insert(String(name).trimmingOWS.lowercased()) }
        }
        return HTTPHeaders(headers.fields.filter { !excluded.contains($0.name.lowercased()) })
    }

    /// This entry freshened by a `304 Not Modified` (§4.3.4, §3.2): the 304's fields replace the stored ones of
    /// the same name, except hop-by-hop fields and `Content-Length`; its times become the entry's.
    func freshened(with notModified: HTTPHeaders, requestTime: Date, responseTime: Date) -> CacheEntry {
        var update = Self.storable(notModified)
        update.remove(name: "Content-Length")
        return CacheEntry(
            key: key, url: url, statusCode: statusCode, headers: headers.merging(update), body: body,
            requestTime: requestTime, responseTime: responseTime, varyFields: varyFields)
    }

    /// This entry after a `200` answer to a `HEAD` request for it (§4.3.5): freshened with the `HEAD` response's
    /// fields when its validators (`ETag`, `Last-Modified`) and `Content-Length` agree with the stored ones, else
    /// the same entry made stale (it describes a representation the server no longer sends).
    func updated(byHead head: HTTPHeaders, requestTime: Date, responseTime: Date) -> CacheEntry {
        let storedLength = headers["Content-Length"]?.trimmingOWS ?? String(body.count)
        let agrees = ["ETag", "Last-Modified"].allSatisfy { name in head[name].map { $0.trimmingOWS == headers[name]?.trimmingOWS } ?? true }
            && head["Content-Length"].map { $0.trimmingOWS == storedLength } ?? true
        guard agrees else {
            return CacheEntry(
                key: key, url: url, statusCode: statusCode, headers: headers, body: body, requestTime: self.requestTime,
                responseTime: self.responseTime, varyFields: varyFields, correctedInitialAge: correctedInitialAge,
                freshnessLifetime: 0, cacheControl: cacheControl)
        }
        return freshened(with: head, requestTime: requestTime, responseTime: responseTime)
    }

    /// Whether a `304`'s validators allow it to update this entry (§4.3.4): a strong `ETag` in the 304 must be
    /// the stored one; without one, the single stored response is the selected one.
    func isSelected(by notModified: HTTPHeaders) -> Bool {
        guard let etag = notModified["ETag"]?.trimmingOWS, !etag.hasPrefix("W/") else { return true }
        return headers["ETag"]?.trimmingOWS == etag
    }

    /// The stored response as an `HTTPResponse` answered at `now`: an `Age` field with the current age in
    /// whole seconds (§5.1), the body in memory, and `status`.
    func response(at now: Date, status: CacheStatus) -> HTTPResponse {
        var fields = headers
        fields["Age"] = String(Int(min(currentAge(at: now), Double(CacheControl.maximumDeltaSeconds))))
        var response = HTTPResponse(statusCode: statusCode, headers: fields, body: body, url: url)
        response.cacheStatus = status
        return response
    }
}
