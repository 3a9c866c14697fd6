import Foundation

/// A private HTTP cache (RFC 9111, with RFC 5861's `stale-while-revalidate` and `stale-if-error` and RFC 8246's
/// `immutable`) as a member of the interceptor stack, storing in an `HTTPCache`.
///
/// It sits above `ResponseBufferingInterceptor` (with only `DefaultHeadersInterceptor` between), so the responses
/// it stores have their bodies in memory.
/// What it does, by request:
/// - `GET` of a buffered body (`ResponseBodyMode.buffered`): answered from the cache when a stored response with
///   matching `Vary` fields is fresh enough for the request's directives (`.hit`), or stale within `max-stale`
///   (`.stale`) or `stale-while-revalidate` (`.staleWhileRevalidate`, revalidated in a detached task); else
///   revalidated with `If-None-Match` / `If-Modified-Since` — a `304` answers with the stored body and updated
///   header fields (`.revalidated`), an error or a 5xx within `stale-if-error` with the stored response
///   (`.staleIfError`); else sent on (`.miss`) and the response stored when it may be. `only-if-cached` with
///   nothing usable is a `504`. `HTTPRequest.cacheMode` changes these rules as fetch's modes do (`CacheMode`).
/// - `GET` with `Range`: a `206` cut from a fresh complete stored `200` (`.hit`), else passed through.
/// - `HEAD`: passed through; a `200` updates the stored `GET` responses it could select (§4.3.5).
/// - `GET` of a streamed body or a download to a file, `GET` with its own conditional fields, `OPTIONS`, `TRACE`:
///   passed through untouched (`cacheStatus` stays `nil`).
/// - Any other method: passed through; a 2xx or 3xx answer removes the stored responses for the target URL and
///   for `Location` / `Content-Location` on the same origin (§4.4).
///
/// Responses are stored unless `no-store` (request or response) says otherwise, the status is `206` or `304`,
/// `Vary` is `*`, or the request had `Authorization` and the response says none of `public`, `must-revalidate`,
/// `s-maxage`; they also need explicit freshness (`max-age`, `Expires`), `public`, `private`, or a heuristically
/// cacheable status. `no-cache` responses are stored and revalidated on every use. Each `Vary` variant of a URL
/// is stored beside the others; a response that varies on other fields replaces them.
package struct CacheInterceptor: Interceptor {
    /// Where responses are stored.
    package let cache: HTTPCache
    private let now: @Sendable () -> Date
    private let backgroundRevalidationFinished: (@Sendable () -> Void)?
    /// The keys a background revalidation is running for (one at a time per key).
    private let revalidating = LockedState<Set<String>>([])

    /// Creates the interceptor.
    /// - Parameters:
    ///   - cache: where responses are stored; may be shared with other clients.
    ///   - now: the clock freshness is judged by (tests inject one).
    ///   - backgroundRevalidationFinished: called when a `stale-while-revalidate` revalidation has finished and
    ///     its result is stored (tests wait for it).
    package init(
        cache: HTTPCache, now: @escaping @Sendable () -> Date = { Date() },
        backgroundRevalidationFinished: (@Sendable () -> Void)? = nil
    ) {
        self.cache = cache
        self.now = now
        self.backgroundRevalidationFinished = backgroundRevalidationFinished
    }

    /// Answers from the cache, revalidates, or sends the request on and stores the response (see the type).
    package func intercept(_ request: HTTPRequest, next: @escaping Next) async throws -> HTTPResponse {
        try await respond(to: request, next: next, background: next)
    }

    /// `intercept(_:next:)` with an escaping `next`, so that `stale-while-revalidate` answers at once with the
    /// stale response and revalidates in a detached task that calls `next`.
    package func intercept(_ request: HTTPRequest, escapingNext next: @escaping Next) async throws -> HTTPResponse {
        try await respond(to: request, next: next, background: next)
    }

    /// The work of both entry points; `background` is `next` when it may escape.
    private func respond(to request: HTTPRequest, next: @escaping Next, background: Next?) async throws -> HTTPResponse {
        guard request.method == .get else { return try await passOn(request, next: next) }
        guard case .buffered = request.responseBodyMode, request.cacheMode != .noStore,
              !Self.conditionalFields.contains(where: request.headers.contains) else {
            return try await next(request)
        }
        let key = Self.key(for: request.url)
        let directives = CacheControl(request.headers)
        if request.cacheMode == .reload {
            return try await fetch(request, key: key, directives: directives, replacing: false, next: next)
        }
        let stored = await storedResponse(for: request, key: key)
        if let range = request.headers["Range"] {
            return try await partial(request, range: range, stored: stored, directives: directives, next: next)
        }
        let onlyIfCached = directives.onlyIfCached || request.cacheMode == .onlyIfCached
        guard let stored else {
            if onlyIfCached { return Self.gatewayTimeout(for: request) }
            return try await fetch(request, key: key, directives: directives, replacing: false, next: next)
        }
        let time = now()
        let exchange = Exchange(request: request, stored: stored, key: key, directives: directives, next: next)
        switch use(of: stored, for: request, directives: directives, at: time) {
        case .fresh:
            return stored.response(at: time, status: .hit)
        case .stale:
            return stored.response(at: time, status: .stale)
        case .staleWhileRevalidating:
            guard let background else { return try await revalidate(exchange, staleIfError: false) }
            revalidateInBackground(exchange, next: background)
            return stored.response(at: time, status: .staleWhileRevalidate)
        case .revalidate(let staleIfError):
            if onlyIfCached { return Self.gatewayTimeout(for: request) }
            return try await revalidate(exchange, staleIfError: staleIfError)
        }
    }

    /// How `stored` may answer `request` at `time`: RFC 9111's rules (`CacheFreshness`), as the request's cache mode
    /// changes them — `.noCache` always revalidates, `.forceCache` and `.onlyIfCached` take it at any age.
    private func use(of stored: CacheEntry, for request: HTTPRequest, directives: CacheControl, at time: Date) -> CacheFreshness.Use {
        let use = CacheFreshness(stored, request: directives, at: time).use
        switch request.cacheMode {
        case .noCache: return .revalidate(staleIfError: false)
        case .forceCache, .onlyIfCached: return use == .fresh ? .fresh : .stale
        case .default, .noStore, .reload: return use
        }
    }

    /// A revalidation's inputs: the request, the stored response it revalidates, its key, the request's
    /// directives and the rest of the stack.
    private struct Exchange {
        let request: HTTPRequest
        let stored: CacheEntry
        let key: String
        let directives: CacheControl
        let next: Next
    }

    // MARK: - Exchanges

    /// A method other than `GET`: passed on. A `200` to `HEAD` updates the stored `GET` responses it could
    /// select (§4.3.5); an unsafe method answered 2xx or 3xx invalidates (§4.4).
    private func passOn(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let requestTime = now()
        let response = try await next(request)
        if request.method == .head, response.statusCode == 200 {
            let key = Self.key(for: request.url)
            for stored in await cache.entries(for: key) where stored.matches(request.headers) {
                await cache.store(stored.updated(byHead: response.headers, requestTime: requestTime, responseTime: now()))
            }
        } else if !Self.safeMethods.contains(request.method), (200..<400).contains(response.statusCode) {
            await invalidate(after: request, response: response)
        }
        return response
    }

    /// The stored response for `request`: of the variants whose selecting fields match, the most recent (§4.1).
    private func storedResponse(for request: HTTPRequest, key: String) async -> CacheEntry? {
        await cache.entries(for: key).filter { $0.matches(request.headers) }.max { $0.responseTime < $1.responseTime }
    }

    /// A `Range` request: answered `206` from a fresh complete stored response (§3.4), else sent on as it is and
    /// not stored (`cacheStatus` stays `nil`; this cache does not store or combine partial responses).
    private func partial(
        _ request: HTTPRequest, range: String, stored: CacheEntry?, directives: CacheControl, next: Next
    ) async throws -> HTTPResponse {
        let time = now()
        if let stored, CacheFreshness(stored, request: directives, at: time).use == .fresh,
           let response = stored.partialResponse(for: range, at: time) {
            return response
        }
        return try await next(request)
    }

    /// Sends `request` as it is and stores the response when it may be; `replacing` removes the old entry when
    /// the new response is not stored.
    private func fetch(_ request: HTTPRequest, key: String, directives: CacheControl, replacing: Bool, next: Next) async throws -> HTTPResponse {
        let requestTime = now()
        let response = try await next(request)
        return await store(response, for: request, key: key, directives: directives, requestTime: requestTime, replacing: replacing)
    }

    /// Sends the request made conditional on the stored response's validators. A `304` freshens and answers with
    /// it; an error, or a 5xx, answers with it when `staleIfError` allows (`.staleIfError`); any other response
    /// replaces it (a 5xx only when it may be stored itself).
    private func revalidate(_ exchange: Exchange, staleIfError: Bool) async throws -> HTTPResponse {
        let (request, stored, key, directives, next) = (exchange.request, exchange.stored, exchange.key, exchange.directives, exchange.next)
        var conditional = request
        if let etag = stored.headers["ETag"] { conditional.headers["If-None-Match"] = etag }
        if let lastModified = stored.headers["Last-Modified"] { conditional.headers["If-Modified-Since"] = lastModified }
        let isConditional = conditional.headers.contains("If-None-Match") || conditional.headers.contains("If-Modified-Since")
        let requestTime = now()
        let response: HTTPResponse
        do {
            response = try await next(conditional)
        } catch let error as NetworkError where staleIfError && error != .cancelled {
            return stored.response(at: now(), status: .staleIfError)
        }
        if staleIfError, Self.errorStatuses.contains(response.statusCode) {
            response.body.discard()
            return stored.response(at: now(), status: .staleIfError)
        }
        guard isConditional, response.statusCode == 304 else {
            // A 5xx is forwarded, but does not replace what is stored (§4.3.3).
            let replacing = !(500..<600).contains(response.statusCode)
            return await store(response, for: request, key: key, directives: directives, requestTime: requestTime, replacing: replacing)
        }
        response.body.discard()
        guard stored.isSelected(by: response.headers) else {
            // The 304 is about a representation this cache does not hold: ask again, unconditionally.
            return try await fetch(request, key: key, directives: directives, replacing: true, next: next)
        }
        let responseTime = now()
        let freshened = stored.freshened(with: response.headers, requestTime: requestTime, responseTime: responseTime)
        if directives.noStore || freshened.cacheControl.noStore {
            await cache.remove(key)
        } else {
            await cache.store(freshened)
        }
        return freshened.response(at: responseTime, status: .revalidated)
    }

    /// `stale-while-revalidate`: revalidates in a detached task (one at a time per key), storing the result;
    /// errors are dropped (the stale response was already answered).
    private func revalidateInBackground(_ exchange: Exchange, next: @escaping Next) {
        let key = exchange.key
        guard revalidating.withLock({ $0.insert(key).inserted }) else { return }
        let exchange = Exchange(request: exchange.request, stored: exchange.stored, key: key, directives: exchange.directives, next: next)
        Task.detached { [self] in
            let response = try? await revalidate(exchange, staleIfError: false)
            response?.body.discard()
            revalidating.withLock { _ = $0.remove(key) }
            backgroundRevalidationFinished?()
        }
    }

    /// Stores `response` when the rules allow, and returns it marked `.miss`.
    private func store(
        _ response: HTTPResponse, for request: HTTPRequest, key: String, directives: CacheControl, requestTime: Date, replacing: Bool
    ) async -> HTTPResponse {
        var response = response
        response.cacheStatus = .miss
        let responseDirectives = CacheControl(response.headers)
        guard let body = response.body.bufferedData,
              Self.isStorable(response, directives: responseDirectives, request: request, requestDirectives: directives),
              let varyNames = CacheEntry.varyNames(response.headers) else {
            if replacing { await cache.remove(key) }
            return response
        }
        let entry = CacheEntry(
            key: key, url: response.url, statusCode: response.statusCode, headers: CacheEntry.storable(response.headers),
            body: body, requestTime: requestTime, responseTime: now(),
            varyFields: varyNames.map { .init(name: $0, value: CacheEntry.normalizedValue(of: $0, in: request.headers)) })
        await cache.store(entry)
        return response
    }

    /// §4.4: removes the stored responses for the request's URL and for `Location` / `Content-Location` when they
    /// are on the same origin.
    private func invalidate(after request: HTTPRequest, response: HTTPResponse) async {
        await cache.remove(Self.key(for: request.url))
        for name in ["Location", "Content-Location"] {
            guard let value = response.headers[name]?.trimmingOWS, let target = URL(string: value, relativeTo: request.url)?.absoluteURL,
                  Self.sameOrigin(target, request.url) else { continue }
            await cache.remove(Self.key(for: target))
        }
    }

    // MARK: - Rules

    /// Methods that never invalidate (RFC 9110 §9.2.1).
    private static let safeMethods: Set<HTTPMethod> = [.get, .head, .options, .trace]

    /// Request fields that make the request the caller's own conditional request: passed through.
    private static let conditionalFields = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range"]

    /// Statuses that count as an error for `stale-if-error` (RFC 5861 §4).
    private static let errorStatuses: Set<Int> = [500, 502, 503, 504]

    /// §3 (and §3.5 for `Authorization`): whether `response` to `request` may be stored.
    package static func isStorable(
        _ response: HTTPResponse, directives: CacheControl, request: HTTPRequest, requestDirectives: CacheControl
    ) -> Bool {
        let status = response.statusCode
        guard (200..<600).contains(status), status != 206, status != 304, !directives.noStore, !requestDirectives.noStore else {
            return false
        }
        if request.headers.contains("Authorization"), !(directives.isPublic || directives.mustRevalidate || directives.hasSharedMaxAge) {
            return false
        }
        return directives.maxAge != nil || response.headers.contains("Expires") || directives.isPublic || directives.isPrivate
            || CacheEntry.heuristicallyCacheableStatuses.contains(status)
    }

    /// The cache key of `url`: the URL without its fragment.
    package static func key(for url: URL) -> String {
        let text = url.absoluteString
        // A byte search: `firstIndex(of: Character)` walks grapheme clusters, and this runs for every GET.
        guard let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) else { return text }
        return String(text[..<hash])
    }

    /// Whether `a` and `b` have the same scheme, host and port (RFC 6454 origin).
    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int?) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil))
        }
        return origin(a) == origin(b)
    }

    /// `504 Gateway Timeout`: `only-if-cached` with nothing usable stored (§5.2.1.7).
    private static func gatewayTimeout(for request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse(statusCode: 504, headers: ["Content-Length": "0"], body: Data(), url: request.url)
        response.cacheStatus = .miss
        return response
    }
}
