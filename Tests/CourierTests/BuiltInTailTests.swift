import Courier
import CourierHTTP
import CourierTesting
import Foundation
import Synchronization
import Testing

/// The default stack runs its built-ins as one fused step (`BuiltInTail`); every scenario here runs through that
/// stack and through the same members linked one by one, and both must give the expected outcome: the same
/// responses, errors and requests on the wire.
@Suite struct BuiltInTailTests {
    /// One scenario: the stub's script, the request, and what the caller must see.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let script: [Result<HTTPResponse, URLError>]
        var method: HTTPMethod = .get
        var maximumResponseSize: Int? = 1 << 20
        var headers: HTTPHeaders = [:]
        /// `status <code> redirects <n>` for a response, or the error's description.
        let outcome: String
        /// The transport's requests: `METHOD url [Cookie: …]`.
        let sent: [String]
        var testDescription: String { name }
    }

    static let base = "https://api.example.test"

    static func response(_ status: Int, _ headers: HTTPHeaders = [:], _ body: String = "") -> Result<HTTPResponse, URLError> {
        .success(HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8)))
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "200", script: [response(200, [:], "ok")], outcome: "status 200 redirects 0 body ok", sent: ["GET \(base)/a"]),
        Scenario(
            name: "503 retried, then 200", script: [response(503), response(200)],
            outcome: "status 200 redirects 0 body ", sent: ["GET \(base)/a", "GET \(base)/a"]),
        Scenario(
            name: "503 until attempts run out", script: [response(503), response(503), response(503)],
            outcome: "error HTTP 503", sent: Array(repeating: "GET \(base)/a", count: 3)),
        Scenario(
            name: "POST 503 not retried", script: [response(503)], method: .post,
            outcome: "error HTTP 503", sent: ["POST \(base)/a"]),
        Scenario(
            name: "404 with body", script: [response(404, [:], "missing")],
            outcome: "error HTTP 404 body missing", sent: ["GET \(base)/a"]),
        Scenario(
            name: "timeout retried, then 200", script: [.failure(URLError(.timedOut)), response(200)],
            outcome: "status 200 redirects 0 body ", sent: ["GET \(base)/a", "GET \(base)/a"]),
        Scenario(
            name: "cannot decode is not retried", script: [.failure(URLError(.cannotParseResponse))],
            outcome: "error transport badServerResponse", sent: ["GET \(base)/a"]),
        Scenario(
            name: "redirect followed with the jar's cookie",
            script: [response(302, ["Location": "/b", "Set-Cookie": "s=1; Path=/"]), response(200, [:], "there")],
            outcome: "status 200 redirects 1 body there", sent: ["GET \(base)/a", "GET \(base)/b Cookie: s=1"]),
        Scenario(
            name: "own Cookie header kept before the jar's",
            script: [response(200, ["Set-Cookie": "s=1; Path=/"]), response(307, ["Location": "\(base)/c"]), response(200)],
            headers: ["Cookie": "mine=0"],
            outcome: "status 200 redirects 1 body ", sent: [
                "GET \(base)/a Cookie: mine=0", "GET \(base)/a Cookie: mine=0; s=1", "GET \(base)/c Cookie: mine=0; s=1",
            ]),
        Scenario(
            name: "body over the limit", script: [response(200, [:], "0123456789")], maximumResponseSize: 4,
            outcome: "error transport responseTooLarge", sent: ["GET \(base)/a"]),
        Scenario(
            name: "no limit leaves the body as it is", script: [response(200, [:], "0123456789")], maximumResponseSize: nil,
            outcome: "status 200 redirects 0 body 0123456789", sent: ["GET \(base)/a"]),
        Scenario(
            name: "redirect to an error status", script: [response(301, ["Location": "/gone"]), response(410)],
            outcome: "error HTTP 410", sent: ["GET \(base)/a", "GET \(base)/gone"]),
    ]

    /// Runs `scenario` through a stack with the built-ins fused or linked one by one (one request; "own Cookie
    /// header…" sends it twice, so the cookie set by the first answer goes with the second); returns the outcome
    /// and what the transport was sent.
    func run(_ scenario: Scenario, fused: Bool) async -> (outcome: String, sent: [String]) {
        let script = LockedScript(scenario.script)
        let stub = StubTransport { _ in try script.next() }
        let clock = FakeRetryClock()
        let stack = InterceptorStack(
            [RetryInterceptor(clock: clock.clock)], cookieJar: CookieJar(), cache: nil, transport: stub, fusesBuiltIns: fused)
        var request = HTTPRequest(
            method: scenario.method, url: URL(string: "\(Self.base)/a")!, headers: scenario.headers,
            maximumResponseSize: scenario.maximumResponseSize)
        if scenario.method == .post { request.body = .data(Data("x".utf8)) }
        let outcome: String
        do {
            var response = try await stack.send(request)
            if scenario.name.hasPrefix("own Cookie") { response = try await stack.send(request) }
            let body = String(decoding: response.body.bufferedData ?? Data("<streaming>".utf8), as: UTF8.self)
            outcome = "status \(response.statusCode) redirects \(response.redirects.count) body \(body)"
        } catch NetworkError.httpStatus(let failure) {
            outcome = "error HTTP \(failure.statusCode)" + (failure.body.isEmpty ? "" : " body \(String(decoding: failure.body, as: UTF8.self))")
        } catch NetworkError.transport(let failure) {
            outcome = "error transport \(failure.kind)"
        } catch {
            outcome = "error \(error)"
        }
        let sent = stub.requests.map { request in
            "\(request.method.rawValue) \(request.url.absoluteString)" + (request.headers["Cookie"].map { " Cookie: \($0)" } ?? "")
        }
        return (outcome, sent)
    }

    @Test(arguments: scenarios)
    func fusedAndLinkedBuiltInsAgree(_ scenario: Scenario) async {
        let fused = await run(scenario, fused: true)
        let linked = await run(scenario, fused: false)
        #expect(fused.outcome == scenario.outcome)
        #expect(fused.sent == scenario.sent)
        #expect(linked.outcome == scenario.outcome)
        #expect(linked.sent == scenario.sent)
    }
}

/// The stub's answers in order, shared by the stub's handler calls.
final class LockedScript: Sendable {
    private let answers: Mutex<[Result<HTTPResponse, URLError>]>

    init(_ answers: [Result<HTTPResponse, URLError>]) { self.answers = Mutex(answers) }

    /// The next answer; a script that runs out answers 500, which no scenario expects.
    func next() throws -> HTTPResponse {
        let answer = answers.withLock { answers in answers.isEmpty ? nil : answers.removeFirst() }
        return try (answer ?? .success(HTTPResponse(statusCode: 500))).get()
    }
}
