/// Something an `EventLoop` drives: a socket it watches for readiness and, while the channel has a deadline,
/// checks for time-outs. Every method runs on the loop's thread.
protocol LoopChannel: AnyObject {
    /// The socket is readable, writable, or hung up (`events` holds the epoll bits).
    func handleEvents(_ events: UInt32)
    /// The earliest moment the channel wants `handleDeadline` called (monotonic nanoseconds), or `nil`.
    var deadline: UInt64? { get }
    /// `deadline` has passed.
    func handleDeadline(now: UInt64)
}
