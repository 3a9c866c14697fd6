#if os(Linux)
import Foundation

/// One exchange on an HTTP/2 connection, as the connection tracks it: its stream identifier, the request body
/// still to send, and the response bytes the reader holds whose window credit is not yet returned.
///
/// `@unchecked Sendable` is safe: it is read and written only on its connection's loop thread; the closures of
/// other threads that capture it (the reader's resume, the body source's wake-up) only carry it back to that
/// thread through `loop.execute`.
final class HTTP2Stream: @unchecked Sendable {
    /// The exchange the stream carries.
    let exchange: Exchange
    /// The stream identifier.
    let id: UInt32
    /// Reads the request body off the loop (a file or a stream of unknown size).
    var bodyPump: BodyPump?
    /// Body bytes read and not yet sent (the window closed on them).
    var pending = Data()
    /// Whether `pending` is the whole rest of the body (END_STREAM goes with its last byte).
    var pendingIsLast = false
    /// Whether END_STREAM went out.
    var requestEnded = false
    /// Whether the final response head reached the caller.
    var headDelivered = false
    /// Interim (1xx) heads received so far.
    var interimResponses = 0
    /// While the body waits for `100 Continue` (`Exchange.expectsContinue`): when it goes anyway.
    var continueDeadline: UInt64?
    /// Body bytes the reader's full buffer holds: their window credit waits for the reader to take them.
    var heldBytes = 0

    init(exchange: Exchange, id: UInt32) {
        self.exchange = exchange
        self.id = id
    }
}
#endif
