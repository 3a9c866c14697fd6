import Foundation

#if canImport(FoundationNetworking)

/// The delegate queue of `URLSessionTransport`'s session: callbacks run one at a time, in the order URLSession
/// enqueues them, on one serial `DispatchQueue`.
///
/// swift-corelibs-foundation (Linux) enqueues every delegate callback with `addOperation(_:)` from the session's
/// single work queue, the thread that also drives libcurl for every task of the session. A plain
/// `OperationQueue` makes each of those calls allocate and schedule an `Operation`, which costs that thread
/// several times what a `DispatchQueue.async` does, and a session delegate gets three callbacks per request
/// (response, data, completion) where a completion handler gets one. Under concurrent load the work thread is
/// the bottleneck, so this queue skips the bookkeeping: each entry point goes straight to the serial queue,
/// which keeps the order and the one-at-a-time guarantee delegates rely on.
///
/// The queue also pushes back: once `capacity` callbacks are waiting (a download's data arriving faster than
/// its file takes it), the work thread waits for a free slot before adding more, so libcurl stops reading the
/// socket and TCP flow control holds the rest on the server instead of in memory. The wait is bounded
/// (`maximumWait`) and never happens on the queue's own thread, so a callback that calls back into URLSession
/// cannot deadlock it; delegate code must still never wait for URLSession's work thread.
///
/// Only used where URLSession is swift-corelibs-foundation; Apple platforms keep a serial `OperationQueue`.
/// `@unchecked Sendable` is safe: every stored property is a `let` of a thread-safe type (`DispatchQueue`,
/// `DispatchSemaphore`, `DispatchSpecificKey`, `DispatchTimeInterval`), and the inherited state of
/// `OperationQueue` is thread-safe.
final class SerialDelegateQueue: OperationQueue, @unchecked Sendable {
    private let serial: DispatchQueue
    private let slots: DispatchSemaphore
    private let onSerialQueue = DispatchSpecificKey<Bool>()
    /// The longest the work thread waits for a free slot before enqueueing anyway.
    private let maximumWait: DispatchTimeInterval

    /// Creates the queue; `capacity` is the number of waiting callbacks past which adding one waits, for at
    /// most `maximumWait`.
    init(label: String, capacity: Int = 64, maximumWait: DispatchTimeInterval = .milliseconds(200)) {
        serial = DispatchQueue(label: label)
        self.maximumWait = maximumWait
        slots = DispatchSemaphore(value: max(1, capacity))
        super.init()
        serial.setSpecific(key: onSerialQueue, value: true)
        name = label
        maxConcurrentOperationCount = 1
        // Anything that still reaches OperationQueue's own scheduling runs on the same serial queue.
        underlyingQueue = serial
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let slots = self.slots
        let acquired = DispatchQueue.getSpecific(key: onSerialQueue) != true
            && slots.wait(timeout: .now() + maximumWait) == .success
        serial.async {
            block()
            if acquired { slots.signal() }
        }
    }

    override func addOperation(_ operation: Operation) {
        let operation = Unchecked(operation)
        addOperation { operation.value.start() }
    }

    override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
        addOperation(barrier)
    }
}
#endif
