import Courier
import Foundation

/// A clock the tests move by hand: freshness rules are checked without waiting for time to pass.
final class TestClock: Sendable {
    private let time: LockedState<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { time = LockedState(start) }

    var now: Date { time.withLock { $0 } }
    var closure: @Sendable () -> Date { { self.now } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }

    /// `now` (plus `offset`) as an HTTP date.
    func httpDate(_ offset: TimeInterval = 0) -> String { HTTPDate.format(now + offset) }
}

/// The rest of the stack below `CacheInterceptor` in unit tests: records every request it gets and answers with
/// `respond`.
final class ScriptedNext: Sendable {
    private let recorded = LockedState<[HTTPRequest]>([])
    private let respond: @Sendable (HTTPRequest, Int) throws -> HTTPResponse

    /// `respond` gets the request and its 0-based number.
    init(_ respond: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) { self.respond = respond }

    /// Answers every request with the same status, fields and body.
    convenience init(status: Int = 200, headers: HTTPHeaders, body: String = "body") {
        self.init { _, _ in HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8)) }
    }

    var requests: [HTTPRequest] { recorded.withLock { $0 } }
    var count: Int { recorded.withLock { $0.count } }

    var next: Interceptor.Next {
        { request in
            let number = self.recorded.withLock { recorded in
                recorded.append(request)
                return recorded.count - 1
            }
            return try self.respond(request, number)
        }
    }
}

let cacheTestURL = URL(string: "https://api.example.test/items/1")!

/// A GET for `url` with `headers`, with a body limit (what the cache needs).
func cacheRequest(_ url: URL = cacheTestURL, method: HTTPMethod = .get, headers: HTTPHeaders = [:]) -> HTTPRequest {
    HTTPRequest(method: method, url: url, headers: headers, responseBodyMode: .buffered(limit: 1 << 20))
}

extension HTTPResponse {
    var text: String { String(decoding: body.bufferedData ?? Data(), as: UTF8.self) }
}

/// A new empty directory for a disk cache.
func temporaryCacheDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)", isDirectory: true)
}
