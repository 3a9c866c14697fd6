import Foundation

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
/// Only used where URLSession is swift-corelibs-foundation; Apple platforms keep a serial `OperationQueue`.
/// `@unchecked Sendable` is safe: the only stored property is an immutable `DispatchQueue`, and the
/// inherited state of `OperationQueue` is thread-safe.
final class SerialDelegateQueue: OperationQueue, @unchecked Sendable {
    private let serial: DispatchQueue

    init(label: String) {
        serial = DispatchQueue(label: label)
        super.init()
        name = label
        maxConcurrentOperationCount = 1
        // Anything that still reaches OperationQueue's own scheduling runs on the same serial queue.
        underlyingQueue = serial
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        serial.async(execute: block)
    }

    override func addOperation(_ operation: Operation) {
        let operation = UncheckedOperation(operation)
        serial.async { operation.value.start() }
    }

    override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
        serial.async(execute: barrier)
    }
}

/// Carries an `Operation` into the serial queue's closure; it is started there and nowhere else.
private struct UncheckedOperation: @unchecked Sendable {
    let value: Operation
    init(_ value: Operation) { self.value = value }
}
