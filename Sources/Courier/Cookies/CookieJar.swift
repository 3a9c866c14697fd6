import Foundation

/// A client's cookies, by RFC 6265bis: stores `Set-Cookie` from responses and supplies the `Cookie` header of
/// requests, with the same rules over every transport (see <doc:RetriesRedirectsCookiesAndCaching>). It keeps
/// at most 50 cookies per domain and 3,000 in all, evicting the least recently used, so a server cannot grow it
/// without bound.
///
/// In memory by default; `init(persistingTo:)` also keeps the persistent cookies (those with `Expires` or
/// `Max-Age`) in a file, rewritten atomically after every change by a thread of the jar's own. Safe to use from
/// any thread or task.
///
/// It needs no client: a server that proxies cookies, or a test, calls `receive(setCookieFields:from:)` and
/// `cookieHeader(for:)` itself, at the time of the jar's `clock`.
///
/// ```swift
/// let jar = try CookieJar(persistingTo: appSupport.appendingPathComponent("cookies.json"))
/// // … the client stores and sends cookies through it …
/// print(jar.cookies(for: URL(string: "https://api.example.com/")!).map(\.name))
/// jar.removeAll()   // log out
/// ```
public final class CookieJar: Sendable {
    private struct State {
        var store: CookieStore
        /// The store's `persistentRevision` when the writer last got a snapshot.
        var persistedRevision: UInt64
    }

    private let state: LockedState<State>
    private let writer: CookieFileWriter?
    /// The time cookies are stored, matched and expired at: `Date()` unless given (a test's clock, say), so
    /// expiry can be tested without waiting.
    public let clock: @Sendable () -> Date

    /// The process-wide jar of `CookiePolicy.shared`, in memory.
    package static let shared = CookieJar()

    /// An empty jar in memory: its cookies end with the process (what `CookiePolicy.perClient` makes); `clock` is
    /// the time it works at.
    public convenience init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(store: CookieStore(), clock: clock)
    }

    /// A jar kept in `file`: loads the cookies there (none when it does not exist yet) and writes every change,
    /// so a login survives an app restart. Only persistent cookies are written; session cookies end with the
    /// process, as in a browser. The file holds credentials: keep it in the app's own container.
    ///
    /// - Throws: `CookieJarError.corruptFile` when the file is truncated or not a cookie file (the jar refuses it
    ///   rather than overwrite it), `.unreadableFile` when it cannot be read.
    public convenience init(persistingTo file: URL, clock: @escaping @Sendable () -> Date = { Date() }) throws(CookieJarError) {
        try self.init(store: CookieStore(), persistingTo: file, now: clock(), clock: clock)
    }

    /// A jar in memory with `store`'s rules (public suffixes, limits).
    package init(store: CookieStore, clock: @escaping @Sendable () -> Date = { Date() }) {
        state = LockedState(State(store: store, persistedRevision: store.persistentRevision))
        writer = nil
        self.clock = clock
    }

    /// A jar in `file` with `store`'s rules; cookies expired at `now` are dropped on loading.
    package init(
        store: CookieStore, persistingTo file: URL, now: Date, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(CookieJarError) {
        var store = store
        store.restore(try CookieFile.load(file))
        store.purgeExpired(now: now)
        state = LockedState(State(store: store, persistedRevision: store.persistentRevision))
        writer = CookieFileWriter(file: file)
        self.clock = clock
    }

    deinit { writer?.stop() }

    /// Every cookie in the jar, in order of creation (expired ones are removed first): for a debug screen or to
    /// read a session cookie's value.
    public var cookies: [Cookie] { cookies(at: clock()) }

    /// The cookies a request to `url` would carry now, in the order of its `Cookie` header; reading them does
    /// not count as sending them.
    public func cookies(for url: URL) -> [Cookie] { cookies(for: url, now: clock()) }

    /// Stores the `Set-Cookie` field values of a response from `url`, each one cookie (RFC 6265bis §5.6), at the
    /// jar's clock; returns what became of each, in order (a refused field is ignored, as the RFC says). The
    /// client calls it for every response; call it yourself only when using the jar without a client.
    @discardableResult
    public func receive(setCookieFields fields: [String], from url: URL) -> [Result<Cookie, CookieRejection>] {
        fields.isEmpty ? [] : store(fields, from: url, now: clock())
    }

    /// The `Cookie` header value for a request to `url` now (`a=1; b=2`: longer paths first, then earlier
    /// creation), or `nil` when no cookie matches; the cookies count as sent (for the jar's eviction order). The
    /// client calls it for every request; call it yourself only when using the jar without a client.
    public func cookieHeader(for url: URL) -> String? { cookieHeader(for: url, now: clock()) }

    /// Removes every cookie, from the file too: what a log-out needs, since the server's session cookie
    /// is the credential.
    public func removeAll() {
        change { $0.removeAll() }
    }

    /// The error of the last write to the jar's file, `nil` when it succeeded or the jar is in memory. A failed
    /// change stays in memory and is written with the next one.
    public var persistenceError: CookieJarError? { writer?.error }

    /// Every cookie live at `now`, in order of creation.
    package func cookies(at now: Date) -> [Cookie] {
        change { store in
            store.purgeExpired(now: now)
            return store.allEntries.map(\.cookie)
        }
    }

    /// The cookies for a request to `url` at `now`, without marking them used.
    package func cookies(for url: URL, now: Date) -> [Cookie] {
        change { $0.cookies(for: url, now: now, access: false) }
    }

    /// The `Cookie` header for a request to `url` at `now` (`a=1; b=2`, longer paths first, then earlier
    /// creation), or `nil` when no cookie matches. `now` is read only when the jar holds cookies (every request
    /// passes here, most with an empty jar).
    package func cookieHeader(for url: @autoclosure () -> URL, now: @autoclosure () -> Date) -> String? {
        let cookies = change { store in store.entries.isEmpty ? [] : store.cookies(for: url(), now: now(), access: true) }
        return cookies.isEmpty ? nil : cookies.map(\.headerPair).joined(separator: "; ")
    }

    /// Stores the `Set-Cookie` fields of a response from `url` received at `now`, each field one cookie (RFC
    /// 6265bis §5.6: `a=1, b=2` is one cookie named `a`); returns what became of each. `now` is read only when
    /// there is a `Set-Cookie` field.
    @discardableResult
    package func receive(
        _ headers: HTTPHeaders, from url: @autoclosure () -> URL, now: @autoclosure () -> Date
    ) -> [Result<Cookie, CookieRejection>] {
        guard headers.contains("Set-Cookie") else { return [] }   // most responses: no arrays to build
        let fields = headers.values(for: "Set-Cookie")
        return store(fields, from: url(), now: now())
    }

    /// Stores each of `fields` as one cookie from `url` at `now`.
    private func store(_ fields: [String], from url: URL, now: Date) -> [Result<Cookie, CookieRejection>] {
        change { store in
            fields.map { field in SetCookie.parse(field, now: now).flatMap { store.store($0, from: url, now: now) } }
        }
    }

    /// Stores one `Set-Cookie` field value from `url` received at `now`.
    @discardableResult
    package func store(_ field: String, from url: URL, now: Date) -> Result<Cookie, CookieRejection> {
        change { store in SetCookie.parse(field, now: now).flatMap { store.store($0, from: url, now: now) } }
    }

    /// Returns once every change so far is in the file (at once for a jar in memory).
    package func flush() async {
        await writer?.flush()
    }

    /// Runs `body` on the store under the lock and hands the writer a snapshot when the persistent cookies changed
    /// (inside the lock, so snapshots reach the writer in the order of the changes).
    private func change<T>(_ body: (inout CookieStore) -> T) -> T {
        state.withLock { state in
            let result = body(&state.store)
            guard let writer, state.store.persistentRevision != state.persistedRevision else { return result }
            state.persistedRevision = state.store.persistentRevision
            writer.submit(state.store.allEntries.filter { $0.cookie.expires != nil })
            return result
        }
    }
}
