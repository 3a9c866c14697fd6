import Foundation
import Testing
@testable import Courier

/// Stands in for `NetworkClient.send`: generic over `APIDefinition`, returns the response type.
private func send<E: APIDefinition>(_ endpoint: E) throws -> (request: HTTPRequest, responseType: E.APIResponse.Type, decoder: (any ResponseDecoder)?) {
    (try HTTPRequest(endpoint, baseURL: testBaseURL), E.APIResponse.self, endpoint.responseDecoder)
}

/// The same for plain `Endpoint`s.
private func build<E: Endpoint>(_ endpoint: E) throws -> HTTPRequest {
    try HTTPRequest(endpoint, baseURL: testBaseURL)
}

@Suite("EndpointBuilder")
struct EndpointBuilderTests {
    struct Item: Decodable, Sendable { let id: Int }
    struct Event: Encodable, Sendable { let name: String }

    @Test func implicitMemberChainsTypeCheckAgainstAGenericSend() throws {
        let typed = try send(.get("/search/\("a b")").decoding([Item].self))
        #expect(typed.responseType == [Item].self)
        #expect(typed.request.method == .get)
        #expect(typed.request.url.absoluteString == "https://api.example.com/v1/search/a%20b")
        #expect(typed.decoder == nil)

        let raw = try send(.post("/events").json(Event(name: "x")).header("Idempotency-Key", "k"))
        #expect(raw.responseType == Data.self)
        #expect(raw.decoder == nil)   // `Data` is the raw body: no decoder needed
        #expect(raw.request.headers.fields == [.init(name: "Idempotency-Key", value: "k"), .init(name: "Content-Type", value: "application/json")])
        #expect(try raw.request.body?.collected() == Data(#"{"name":"x"}"#.utf8))

        let plain = try build(.delete("/items/\(3)"))
        #expect(plain.method == .delete && plain.url.path == "/v1/items/3")
    }

    @Test func everyMethodFactory() {
        let pairs: [(EndpointBuilder<Data>, HTTPMethod)] = [
            (.get("/"), .get), (.post("/"), .post), (.put("/"), .put), (.patch("/"), .patch),
            (.delete("/"), .delete), (.request(.head, "/"), .head), (.request(.options, "/"), .options), (.request("PURGE", "/"), "PURGE"),
        ]
        for (builder, method) in pairs { #expect(builder.method == method) }
    }

    @Test func modifiersSetEveryProperty() throws {
        let endpoint = EndpointBuilder.put("/items/\(1)")
            .body(.data(Data([1, 2]), contentType: "application/octet-stream"))
            .headers(["A": "1", "B": "2"])
            .header("a", "3")
            .timeout(.seconds(5))
            .acceptableStatusCodes([200, 204])
            .retryPolicy(.never)
            .decoding(EmptyResponse.self, using: StrictJSONResponseDecoder())
        #expect(endpoint.headers.fields == [.init(name: "a", value: "3"), .init(name: "B", value: "2")])
        #expect(endpoint.responseDecoder is StrictJSONResponseDecoder)
        let request = try HTTPRequest(endpoint, baseURL: testBaseURL)
        #expect(request.timeout == .seconds(5) && request.acceptableStatusCodes == [200, 204] && request.retryPolicy == .never)
        #expect(request.headers["Content-Type"] == "application/octet-stream")
        #expect(try request.body?.collected() == Data([1, 2]))
    }

    @Test func multipartModifier() throws {
        var form = MultipartFormData(boundary: "bb")
        form.append("v", name: "k")
        let request = try build(.post("/upload").body(.multipart(form)))
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=bb")
    }

    @Test func badInputStillFailsTyped() {
        expectConfigurationError(EndpointBuilder.get("/x").json(1), containing: "cannot have a body")
        expectConfigurationError(EndpointBuilder.get("/x?y"), containing: "?")
        let error = #expect(throws: NetworkError.self) { try build(.get("/x").header("X", "a\nb")) }
        guard case .configuration(reason: .invalidHeader)? = error else {
            Issue.record("expected .invalidHeader, got \(String(describing: error))")
            return
        }
    }
}

@Suite("Modifiers after decoding")
struct DecodingModifierTests {
    @Test func modifiersAfterDecodingKeepTheTypeAndDecoder() throws {
        let endpoint = EndpointBuilder.post("/items")
            .decoding([Int].self, using: TextResponseDecoder())
            .query(["page": 2])
            .json(["a": 1])
            .header("X-A", "1")
            .headers(["X-B": "2"])
            .timeout(.seconds(3))
            .acceptableStatusCodes([201])
            .retryPolicy(.never)
        #expect(endpoint.responseDecoder is TextResponseDecoder)
        let request = try HTTPRequest(endpoint, baseURL: testBaseURL)
        #expect(request.url.absoluteString == "https://api.example.com/v1/items?page=2")
        #expect(request.headers.fields.map(\.name) == ["X-A", "X-B", "Content-Type"])
        #expect(request.timeout == .seconds(3) && request.acceptableStatusCodes == [201] && request.retryPolicy == .never)
        #expect(try request.body?.collected() == Data(#"{"a":1}"#.utf8))

        let form = try HTTPRequest(EndpointBuilder.put("/f").decoding(String.self).body(.form(["k": "v w"])), baseURL: testBaseURL)
        #expect(try form.body?.collected() == Data("k=v+w".utf8))
        var multipart = MultipartFormData(boundary: "q")
        multipart.append("v", name: "k")
        let upload = try HTTPRequest(EndpointBuilder.post("/u").decoding(String.self).body(.multipart(multipart)), baseURL: testBaseURL)
        #expect(upload.headers["Content-Type"] == "multipart/form-data; boundary=q")
        let raw = try HTTPRequest(EndpointBuilder.post("/r").decoding(String.self).body(.data(Data([1]), contentType: "a/b")), baseURL: testBaseURL)
        #expect(raw.headers["Content-Type"] == "a/b")
    }
}
