import Foundation
import Testing
import TestSupport
import CourierTesting

/// The limits of `MockWebServer.Configuration` and `MockWebServer.HTTP2` hold however a value is set.
@Suite("MockWebServer configuration limits", .loopback)
struct MockWebServerConfigurationTests {
    /// Found in the doc audit: only the initializers corrected out-of-range values; a value assigned later was
    /// used as is (`goAwayAfterRequests = 0` never sent GOAWAY).
    @Test func anAssignedValueIsCorrectedAsTheInitializerCorrectsIt() {
        var assigned = MockWebServer.Configuration()
        assigned.maxHeaderBytes = 10
        assigned.maxRecordedBodyBytes = -1
        assigned.backlog = -3
        assigned.maxBodyBytes = -5
        assigned.http2.initialWindowSize = .max
        assigned.http2.goAwayAfterRequests = 0
        let initialized = MockWebServer.Configuration(maxHeaderBytes: 10, maxRecordedBodyBytes: -1, maxBodyBytes: -5, backlog: -3)
        #expect(assigned.maxBodyBytes == 0 && initialized.maxBodyBytes == 0)
        #expect(assigned.maxHeaderBytes == 256 && initialized.maxHeaderBytes == 256)
        #expect(assigned.maxRecordedBodyBytes == 0 && initialized.maxRecordedBodyBytes == 0)
        #expect(assigned.backlog == 1 && initialized.backlog == 1)
        #expect(assigned.http2 == MockWebServer.HTTP2(initialWindowSize: .max, goAwayAfterRequests: 0))
        #expect(assigned.http2.initialWindowSize == 0x7FFF_FFFF && assigned.http2.goAwayAfterRequests == 1)
        assigned.http2.goAwayAfterRequests = nil
        #expect(assigned.http2.goAwayAfterRequests == nil)
    }

    @Test func aHeaderLimitAssignedBelowTheFloorStillServesASmallRequest() async throws {
        var configuration = MockWebServer.Configuration()
        configuration.maxHeaderBytes = 1
        let server = MockWebServer(configuration: configuration)
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("ok"))
        let port = server.port
        let response = try await offPool {
            let client = try RawClient(port: port)
            client.send("POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
            return try client.readResponse()
        }
        #expect(response.status == 200 && response.text == "ok")
        #expect(try await server.takeRequest().bodyText == "hello")
    }
}
