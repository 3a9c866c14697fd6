// THROWAWAY until the http1 branch lands. Not committed.
import Courier
import Foundation

package struct HTTP1Limits: Sendable { package var maximumHeaderBytes = 65536; package var maximumHeaderCount = 128; package init() {} }
package struct HTTP1ParseError: Error { package enum Kind: Sendable { case malformed, truncated }; package var kind: Kind; package var message: String
    package var networkError: NetworkError { .transport(TransportFailure(kind: kind == .malformed ? .badServerResponse : .connectionLost, message: message)) } }
package enum HTTP1Framing: Sendable { case length(Int64), chunked, untilClose, none }
package struct HTTP1ResponseHead: Sendable { package var statusCode: Int; package var reason: String; package var headers: HTTPHeaders; package var keepAlive: Bool; package var framing: HTTP1Framing }
package enum HTTP1Event: Sendable { case head(HTTP1ResponseHead), body(Data), end(reusable: Bool), `continue` }
package enum HTTP1RequestFraming: Sendable { case none, length(Int64), chunked }
package enum HTTP1RequestHead {
    package static func serialize(method: HTTPMethod, target: String, host: String, headers: HTTPHeaders, framing: HTTP1RequestFraming) throws(HTTP1ParseError) -> [UInt8] {
        var s = "\(method.rawValue) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for f in headers where f.name.lowercased() != "content-length" && f.name.lowercased() != "transfer-encoding" && f.name.lowercased() != "host" { s += "\(f.name): \(f.value)\r\n" }
        switch framing { case .none: break; case .length(let n): s += "Content-Length: \(n)\r\n"; case .chunked: s += "Transfer-Encoding: chunked\r\n" }
        s += "\r\n"; return Array(s.utf8)
    }
    package static func chunkHeader(count: Int) -> [UInt8] { Array((String(count, radix: 16) + "\r\n").utf8) }
    package static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
}
package struct HTTP1ResponseParser {
    var buffer: [UInt8] = []
    var head: HTTP1ResponseHead?
    var remaining: Int64 = 0
    var isHEAD = false
    package init(limits: HTTP1Limits = .init()) {}
    package mutating func expectResponse(toHEAD: Bool, expectsContinue: Bool = false) { isHEAD = toHEAD; head = nil }
    package mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> [HTTP1Event] {
        buffer.append(contentsOf: bytes)
        var events: [HTTP1Event] = []
        while true {
            if head == nil {
                guard let r = find(buffer) else { return events }
                let text = String(decoding: buffer[..<r], as: UTF8.self)
                buffer.removeFirst(r + 4)
                var lines = text.components(separatedBy: "\r\n")
                let status = lines.removeFirst().split(separator: " ", maxSplits: 2)
                guard status.count >= 2, let code = Int(status[1]) else { throw HTTP1ParseError(kind: .malformed, message: "bad status line") }
                var h = HTTPHeaders()
                for l in lines { if let c = l.firstIndex(of: ":") { h.add(name: String(l[..<c]), value: l[l.index(after: c)...].trimmingCharacters(in: .whitespaces)) } }
                let framing: HTTP1Framing
                if isHEAD || code == 204 || code == 304 { framing = .none } else if let cl = h["Content-Length"], let n = Int64(cl) { framing = .length(n) } else if h["Transfer-Encoding"] != nil { framing = .chunked } else { framing = .untilClose }
                if case .untilClose = framing {} else if code >= 100 && code < 200 { continue }
                let hd = HTTP1ResponseHead(statusCode: code, reason: "", headers: h, keepAlive: h["Connection"]?.lowercased() != "close", framing: framing)
                head = hd; events.append(.head(hd))
                if case .length(let n) = framing { remaining = n }
                if case .none = framing { head = nil; events.append(.end(reusable: hd.keepAlive)) }
                if case .length(0) = framing { head = nil; events.append(.end(reusable: hd.keepAlive)) }
            } else if let hd = head {
                switch hd.framing {
                case .length:
                    if buffer.isEmpty { return events }
                    let n = Int(min(Int64(buffer.count), remaining)); events.append(.body(Data(buffer[..<n]))); buffer.removeFirst(n); remaining -= Int64(n)
                    if remaining == 0 { head = nil; events.append(.end(reusable: hd.keepAlive)) }
                case .untilClose:
                    if buffer.isEmpty { return events }; events.append(.body(Data(buffer))); buffer.removeAll()
                case .chunked:
                    guard let le = findCRLF(buffer) else { return events }
                    let size = Int(String(decoding: buffer[..<le], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? -1
                    if size < 0 { throw HTTP1ParseError(kind: .malformed, message: "bad chunk size") }
                    if size == 0 { guard let r = find(Array(buffer[le...]).count >= 2 && buffer[le + 2] == 13 ? [13, 10, 13, 10] : Array(buffer[le...])) else { return events }; _ = r; buffer.removeAll(); head = nil; events.append(.end(reusable: hd.keepAlive)); continue }
                    guard buffer.count >= le + 2 + size + 2 else { return events }
                    events.append(.body(Data(buffer[(le + 2)..<(le + 2 + size)]))); buffer.removeFirst(le + 2 + size + 2)
                case .none: head = nil
                }
            }
        }
    }
    package mutating func parseEOF() throws(HTTP1ParseError) -> [HTTP1Event] {
        if let hd = head, case .untilClose = hd.framing { head = nil; return [.end(reusable: false)] }
        if head != nil || !buffer.isEmpty { throw HTTP1ParseError(kind: .truncated, message: "connection closed mid-response") }
        return []
    }
    func find(_ b: [UInt8]) -> Int? { guard b.count >= 4 else { return nil }; for i in 0...(b.count - 4) where b[i] == 13 && b[i+1] == 10 && b[i+2] == 13 && b[i+3] == 10 { return i }; return nil }
    func findCRLF(_ b: [UInt8]) -> Int? { guard b.count >= 2 else { return nil }; for i in 0...(b.count - 2) where b[i] == 13 && b[i+1] == 10 { return i }; return nil }
}
package struct DecompressionLimits: Sendable { package var maximumRatio = 100; package init() {} }
package final class ContentDecoder {
    package init?(contentEncoding: String, limits: DecompressionLimits) throws { return nil }
    package func decode(_ bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> Data { Data(bytes) }
    package func finish() throws(HTTP1ParseError) {}
}
