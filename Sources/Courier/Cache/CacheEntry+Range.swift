import Foundation

extension CacheEntry {
    /// A `206 Partial Content` answer to a request's `Range` field from this complete stored `200` (RFC 9111 §3.4,
    /// RFC 9110 §14), at `now`; `nil` when the cache cannot answer it and the request goes to the server: a range
    /// other than one `bytes` range, one past the end, a stored status other than `200`, or a stored body with a
    /// `Content-Encoding` (its bytes are not the representation's).
    func partialResponse(for range: String, at now: Date) -> HTTPResponse? {
        guard statusCode == 200, headers["Content-Encoding"].map({ $0.trimmingOWS.lowercased() == "identity" }) ?? true,
              let bytes = Self.byteRange(range, length: body.count) else { return nil }
        var response = response(at: now, status: .hit)
        response.statusCode = 206
        response.headers["Content-Length"] = String(bytes.count)
        response.headers["Content-Range"] = "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(body.count)"
        response.body = ResponseBody(body.subdata(in: bytes))
        return response
    }

    /// The bytes one `Range` value selects of a body of `length` bytes: `bytes=10-19`, `bytes=10-` or
    /// `bytes=-10` (the last ten); `nil` for several ranges, another unit, bad syntax or a range not satisfiable.
    package static func byteRange(_ value: String, length: Int) -> Range<Int>? {
        let value = value.trimmingOWS
        guard value.count > 6, value.prefix(6).lowercased() == "bytes=" else { return nil }
        let spec = String(value.dropFirst(6)).trimmingOWS
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let first = String(spec[..<dash]).trimmingOWS
        let last = String(spec[spec.index(after: dash)...]).trimmingOWS
        func number(_ text: String) -> Int? {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(text)
        }
        if first.isEmpty {
            guard let suffix = number(last), suffix > 0, length > 0 else { return nil }
            return max(0, length - suffix)..<length
        }
        guard let start = number(first), start < length else { return nil }
        if last.isEmpty { return start..<length }
        guard let end = number(last), end >= start else { return nil }
        return start..<min(end + 1, length)
    }
}
