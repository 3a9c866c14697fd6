#if os(Linux)
/// A connection `ConnectionPool` hands out, whatever protocol it speaks: an `HTTP1Connection` carries one
/// exchange at a time; a multiplexed (HTTP/2) connection carries many at once. The pool counts the exchanges in
/// flight on each connection and grants another while the count is below `maximumConcurrentExchanges`.
///
/// The connection's side of the contract: `pool.connectionOpened(_:)` once, on its loop as soon as it exists
/// (it carries the exchange it was opened for); `pool.exchangeFinished(on:)` each time an exchange the pool granted
/// no longer occupies it (done, failed, cancelled, or never started), `pool.connection(_:canCarry:)` when the
/// peer changes how many it may carry, and `pool.connectionClosed(_:)` once, when it closes.
protocol PooledConnection: AnyObject, Sendable {
    /// The origin served (constant).
    var key: PoolKey { get }
    /// The loop the connection lives on: `start`, `cancel` and `closeIfIdle` are called there (constant).
    var loop: EventLoop { get }
    /// How many exchanges it may carry at once when it joins the pool (constant; read off the loop): 1 for
    /// HTTP/1.1.
    var maximumConcurrentExchanges: Int { get }

    /// Sends `exchange`, which the pool granted room for (loop thread). Its `headContinuation` hears of the
    /// response head or the failure; a connection that closed since the grant fails it with a retryable
    /// `StaleConnection`.
    func start(_ exchange: Exchange)

    /// The caller of `exchange` was cancelled (loop thread): it stops, failing with `NetworkError.cancelled`.
    func cancel(_ exchange: Exchange)

    /// Closes the connection if it carries no exchange (loop thread): the pool is shutting down or dropping
    /// idle connections.
    func closeIfIdle()
}
#endif
