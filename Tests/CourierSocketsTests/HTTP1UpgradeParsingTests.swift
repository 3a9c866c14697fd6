@testable import CourierSockets
import Foundation
import Testing

/// `101 Switching Protocols` in `HTTP1ResponseParser`: final for an exchange that asked to upgrade (with the
/// bytes after its head passed on, however the reads split), a fault for one that did not.
@Suite struct HTTP1UpgradeParsingTests {
    static let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
    static let frame: [UInt8] = [0x81, 0x02, 0x68, 0x69]

    @Test(arguments: [0, 10, 76, 77, 79])  // the head is 77 bytes, the frame 4
    func aRequestedUpgradeEndsAtTheHeadWithTheRestPassedOn(split: Int) throws {
        let wire = Array(Self.head.utf8) + Self.frame
        var parser = HTTP1ResponseParser()
        parser.expectResponse(toHEAD: false, upgrade: true)
        var events: [HTTP1Event] = []
        for piece in [wire[..<split], wire[split...]] {
            events += try Array(piece).withUnsafeBytes { try parser.parse($0) }
        }
        guard case .switchingProtocols(let head, let rest) = try #require(events.first), events.count == 1 else {
            Issue.record("expected one .switchingProtocols, got \(events)")
            return
        }
        #expect(head.statusCode == 101)
        #expect(head.headers["Upgrade"] == "websocket")
        // Bytes in the read that completed the head come with it; later reads belong to the new handler.
        let headCount = Self.head.utf8.count
        #expect(rest == Array(wire[headCount..<(split >= headCount ? split : wire.count)]))
        #expect(try parser.parseEOF() == [])
    }

    @Test func anUnaskedUpgradeIsMalformed() throws {
        var parser = HTTP1ResponseParser()
        parser.expectResponse(toHEAD: false)
        #expect(throws: HTTP1ParseError.self) {
            try Array(Self.head.utf8).withUnsafeBytes { try parser.parse($0) }
        }
    }
}
