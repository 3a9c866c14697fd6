import Courier
import Foundation

/// HTTP state kept by the client, the same over every transport: the session cookie of a login, and a cached
/// response revalidated with the server.
enum StateSteps {
    static let loginCookie = DemoStep(title: "A login cookie carried to the next request (POST /session, GET /session)") { demo in
        demo.transcript.print("try await client.send(EndpointBuilder.post(\"/session\").decoding(EmptyResponse.self))", indent: 3)
        _ = try await demo.client.send(EndpointBuilder.post("/session").decoding(EmptyResponse.self))
        let stored = demo.client.cookieJar?.cookies.map { "\($0.name) (\($0.isHTTPOnly ? "HttpOnly, " : "")path \($0.path))" } ?? []
        demo.transcript.print("= the client's cookie jar holds: \(stored.joined(separator: ", "))", indent: 3)
        struct Session: Decodable, Sendable { let user: String }
        demo.transcript.print("try await client.send(EndpointBuilder.get(\"/session\").decoding(Session.self))", indent: 3)
        let session = try await demo.client.send(EndpointBuilder.get("/session").decoding(Session.self))
        let sent = demo.serverRequests(path: "/session").last?.headers["Cookie"] ?? "-"
        demo.transcript.print("server received Cookie: \(sent)", indent: 5)
        demo.transcript.print("= signed in as \(session.user)", indent: 3)
        try expect(sent == "store_session=\(PetStoreServer.sessionID)", "the second request carried Cookie \(sent)")
        return "Set-Cookie stored in the client's own jar and sent back; no process-wide cookie storage involved"
    }

    static let revalidation = DemoStep(title: "A cached response revalidated with a 304 (GET /store/hours twice)") { demo in
        struct Hours: Decodable, Sendable { let open: String; let close: String }
        let hours = EndpointBuilder.get("/store/hours").decoding(Hours.self)
        demo.transcript.print("try await client.response(EndpointBuilder.get(\"/store/hours\").decoding(Hours.self))  // twice", indent: 3)
        let first = try await demo.client.response(hours)
        let second = try await demo.client.response(hours)
        let requests = demo.serverRequests(path: "/store/hours")
        for (index, request) in requests.enumerated() {
            demo.transcript.print("server, request \(index + 1): If-None-Match: \(request.headers["If-None-Match"] ?? "-")", indent: 5)
        }
        demo.transcript.print("= first: \(first.statusCode), cache \(first.cacheStatus.map { "\($0)" } ?? "-"); second: \(second.statusCode), cache \(second.cacheStatus.map { "\($0)" } ?? "-"), \(second.value.open)–\(second.value.close)", indent: 3)
        try expect(first.cacheStatus == .miss && second.cacheStatus == .revalidated, "expected a miss then a revalidation, got \(String(describing: first.cacheStatus)), \(String(describing: second.cacheStatus))")
        try expect(requests.last?.headers["If-None-Match"] == "\"hours-v1\"", "the second request was not conditional")
        return "the server answered 304 Not Modified; the body came from the client's HTTPCache"
    }
}
