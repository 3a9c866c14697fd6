#if os(Linux)
import CourierHTTP
import Foundation

extension WebSocketMessage {
    /// The payload's size in bytes.
    var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }

    /// Calls `body` with the payload's bytes in place (a text's UTF-8, a binary's data), valid during the call.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch self {
        case .text(var text): text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .binary(let data): data.withUnsafeBytes(body)
        }
    }
}
#endif
