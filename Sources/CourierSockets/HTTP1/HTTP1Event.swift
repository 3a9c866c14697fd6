import Foundation

/// What `HTTP1ResponseParser` found in the bytes it was given, in order.
package enum HTTP1Event: Hashable {
    /// The final response's status line and headers (interim 1xx responses never appear here).
    case head(HTTP1ResponseHead)
    /// Body bytes, de-chunked; a transfer coding (`HTTP1ResponseHead.transferCoding`) and content codings are
    /// left to `ContentDecoder`.
    case body(Data)
    /// The response is complete; `reusable` says whether the connection may carry another request.
    case end(reusable: Bool)
    /// This many bytes arrived after the end of the response (in the same read or a later one) and were
    /// discarded: the connection must be closed, whatever `.end` said.
    case excess(Int)
    /// A `100 Continue` arrived while one was expected (`expectResponse(toHEAD:expectsContinue: true)`): send
    /// the request body now.
    case `continue`
    /// `101 Switching Protocols` answered an upgrade request (`expectResponse(…, upgrade: true)`): `rest` is
    /// what followed its head in the same read, the new protocol's first bytes. The parser takes no more.
    case switchingProtocols(HTTP1ResponseHead, rest: [UInt8])
}
