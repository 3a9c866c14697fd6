import Foundation

extension MockResponse {
    /// `data` served as a resource that supports byte ranges (RFC 9110 §14), for a dispatcher: `200` with the whole
    /// body, `ETag` / `Last-Modified` and `Accept-Ranges: bytes`; `206 Partial Content` with `Content-Range` for a
    /// `Range: bytes=first-[last]` (or `bytes=-suffix`) whose `If-Range`, when sent, matches the validator; `416`
    /// with `Content-Range: bytes */length` for a range that starts past the end.
    ///
    /// Use it to test resumable downloads and range requests against a server that follows the rules. A range
    /// it does not serve (several ranges, a malformed header) or an `If-Range` that no longer matches gets the
    /// whole body with `200`, as RFC 9110 allows, so a client must check the status before appending. Any
    /// `Data` works, a slice of larger data too: the range counts bytes from the start of `data`, not indices.
    ///
    /// ```swift
    /// server.dispatcher = { MockResponse.ranged(file, for: $0, etag: "\"v1\"") }
    /// ```
    public static func ranged(
        _ data: Data, for request: RecordedRequest, etag: String? = nil, lastModified: String? = nil,
        contentType: String = "application/octet-stream"
    ) -> MockResponse {
        var response = MockResponse(status: 200, headers: ["Content-Type": contentType, "Accept-Ranges": "bytes"], body: .data(data))
        if let etag { response = response.header("ETag", etag) }
        if let lastModified { response = response.header("Last-Modified", lastModified) }
        guard let range = request.headers["Range"], let bounds = byteRange(range, length: data.count) else { return response }
        if let condition = request.headers["If-Range"], condition != etag, condition != lastModified { return response }
        guard let (first, last) = bounds else {
            return MockResponse(status: 416, headers: ["Content-Range": "bytes */\(data.count)"])
        }
        response.status = 206
        response.body = .data(Data(data.dropFirst(first).prefix(last - first + 1)))
        return response.header("Content-Range", "bytes \(first)-\(last)/\(data.count)")
    }

    /// A single `bytes=` range as offsets into `length` bytes: `nil` when it is not one (the whole body is served),
    /// `.some(nil)` when it cannot be satisfied.
    private static func byteRange(_ header: String, length: Int) -> (Int, Int)?? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.hasPrefix("bytes="), !value.contains(",") else { return nil }
        let spec = value.dropFirst("bytes=".count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        if spec[0].isEmpty {
            guard let suffix = Int(spec[1]), suffix > 0 else { return nil }
            return length == 0 ? .some(nil) : (max(0, length - suffix), length - 1)
        }
        guard let first = Int(spec[0]), first >= 0 else { return nil }
        guard first < length else { return .some(nil) }
        if spec[1].isEmpty { return (first, length - 1) }
        guard let last = Int(spec[1]), last >= first else { return nil }
        return (first, min(last, length - 1))
    }
}
