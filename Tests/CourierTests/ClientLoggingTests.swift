import Courier
import CourierTesting
import Foundation
import Testing

/// `LoggingInterceptor`, `Redaction` and curl rendering.
@Suite struct ClientLoggingTests {
    static let secretHeaders: HTTPHeaders = [
        "Authorization": "Bearer SECRET-1", "Cookie": "session=SECRET-2", "Proxy-Authorization": "Basic SECRET-3",
        "X-API-Key": "SECRET-4", "Accept": "application/json",
    ]

    @Test func logsMethodURLStatusDurationAndSizes() async throws {
        let logger = CollectingLogger()
        let stub = StubTransport([.json(#"{"id":1,"name":"a"}"#)])
        _ = try await stubClient(stub, interceptors: [LoggingInterceptor(logger: logger)]).send(FetchUser(id: 1))
        let events = logger.events
        #expect(events.map(\.kind) == [.request, .response])
        #expect(events[1].statusCode == 200)
        #expect(events[1].responseBodySize == 19)
        #expect(events[1].duration != nil)
        #expect(events[0].url == "https://api.example.test/v1/users/1")
        #expect(events[1].description.hasPrefix("← 200 GET https://api.example.test/v1/users/1 ("))
    }

    @Test func redactsSensitiveHeadersEverywhere() async throws {
        let logger = CollectingLogger()
        var redaction = Redaction()
        redaction.headerNames.insert("x-api-key")
        let stub = StubTransport([HTTPResponse(statusCode: 200, headers: ["Set-Cookie": "id=SECRET-5"])])
        let interceptor = LoggingInterceptor(logger: logger, redaction: redaction, logHeaders: true, logCurlCommand: true)
        _ = try await stubClient(stub, interceptors: [interceptor]).response(Call(headers: Self.secretHeaders).decoding(Data.self))
        let text = logger.text
        #expect(!text.contains("SECRET"))
        #expect(text.contains("Authorization: <redacted>"))
        #expect(text.contains("Set-Cookie: <redacted>"))
        #expect(text.contains("Accept: application/json"))
        // The request itself still carries the real values.
        #expect(stub.requests.first?.headers["Authorization"] == "Bearer SECRET-1")
    }

    @Test func redactsConfiguredQueryNames() {
        let redaction = Redaction(queryNames: ["access_token"])
        let url = URL(string: "https://user:pw@api.test/a?access_token=SECRET&page=2")!
        let text = redaction.redact(url)
        #expect(!text.contains("SECRET"))
        #expect(!text.contains("pw"))
        #expect(text.contains("page=2"))
        #expect(text.contains("access_token=%3Credacted%3E"))
    }

    @Test func logsFailures() async throws {
        let logger = CollectingLogger()
        let stub = StubTransport()
        stub.enqueue(failure: .transport(TransportFailure(kind: .timedOut, message: "slow")))
        _ = try? await stubClient(stub, interceptors: [LoggingInterceptor(logger: logger)]).response(Call().decoding(Data.self))
        #expect(logger.events.last?.kind == .failure)
        #expect(logger.events.last?.error?.contains("timed out") == true)
    }

    @Test func curlCommandIsRedactedAndQuoted() {
        var request = HTTPRequest(method: .post, url: URL(string: "https://api.test/items")!, headers: Self.secretHeaders)
        request.body = .data(Data(#"{"name":"it's"}"#.utf8))
        let curl = request.curlCommand()
        #expect(curl.hasPrefix("curl -X 'POST' 'https://api.test/items'"))
        #expect(curl.contains("-H 'Authorization: <redacted>'"))
        #expect(curl.contains("-H 'X-API-Key: SECRET-4'"))   // not in the default set
        #expect(curl.contains(#"--data-binary '{"name":"it'\''s"}'"#))
        #expect(!curl.contains("SECRET-1"))
    }

    @Test func curlCommandForFileAndGet() {
        let get = HTTPRequest(method: .get, url: URL(string: "https://api.test/a")!)
        #expect(get.curlCommand() == "curl 'https://api.test/a'")
        let upload = HTTPRequest(method: .put, url: URL(string: "https://api.test/f")!, body: .file(URL(fileURLWithPath: "/tmp/x.bin")))
        #expect(upload.curlCommand().hasSuffix("--data-binary '@/tmp/x.bin'"))
    }
}
