import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The original HTTPIDL's single value on a GET request (`GET REQUEST { INT64; }`) as httpidl generates it: the value
/// is sent in the query under the key `body`, over a real socket and both transports.
@Suite(.loopback) struct GeneratedQueryValueTests {
    /// Sends `request` over `transport` to a MockWebServer that answers with the JSON `answer`; returns the decoded
    /// answer and the request the server received.
    func exchange<Request: APIDefinition>(_ request: Request, answer: String, over transport: TransportKind) async throws
        -> (Request.APIResponse, RecordedRequest) {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.json(answer))
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(retryPolicy: .never, transport: transport.make()))
        let response = try await client.send(request)
        return (response, try await server.takeRequest())
    }

    // The declarations httpidl generates (`--access internal`) for the messages of the original project's test file
    //     MESSAGE /array { GET REQUEST { ARRAY<DICT<STRING, INT64>>; } GET RESPONSE { ARRAY<DICT<STRING, INT64>>; } }
    //     MESSAGE /number { GET REQUEST { INT64; } GET RESPONSE { INT64; } }
    // trimmed of doc comments. Tests/HTTPIDLCoreTests/SingleValueQueryTests.swift pins the generated lines these
    // rely on.

    struct GetArrayRequest: APIDefinition {
        typealias APIResponse = GetArrayResponse
        var payload: [[String: Int64]]
        init(payload: [[String: Int64]]) {
            self.payload = payload
        }
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/array" }
        var query: (any Encodable & Sendable)? { HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }
        fileprivate func encodeQuery(to container: inout KeyedEncodingContainer<HTTPIDLCodingKey>) throws {
            try container.encode(self.payload, forKey: "body")
        }
    }

    typealias GetArrayResponse = [[String: Int64]]

    struct GetNumberRequest: APIDefinition {
        typealias APIResponse = GetNumberResponse
        var payload: Int64
        init(payload: Int64) {
            self.payload = payload
        }
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/number" }
        var query: (any Encodable & Sendable)? { HTTPIDLRequestFields { try self.encodeQuery(to: &$0) } }
        fileprivate func encodeQuery(to container: inout KeyedEncodingContainer<HTTPIDLCodingKey>) throws {
            try container.encode(self.payload, forKey: "body")
        }
    }

    typealias GetNumberResponse = Int64

    @Test(arguments: TransportKind.available)
    func aSingleIntegerIsSentAsTheQueryParameterBody(over transport: TransportKind) async throws {
        let (answer, request) = try await exchange(GetNumberRequest(payload: 42), answer: "7", over: transport)
        #expect(answer == 7)
        #expect(request.method == "GET")
        #expect(request.target == "/number?body=42")
        #expect(request.body.isEmpty)
    }

    @Test(arguments: TransportKind.available)
    func anArrayOfDictionariesIsSentUnderBodyWithTheEncodersStrategies(over transport: TransportKind) async throws {
        let (answer, request) = try await exchange(GetArrayRequest(payload: [["b": 2, "a": 1], ["c": -3]]), answer: #"[{"a":1}]"#,
                                                   over: transport)
        #expect(answer == [["a": 1]])
        // body[0][a]=1&body[0][b]=2&body[1][c]=-3: indexed arrays, bracketed objects, keys sorted.
        #expect(request.target == "/array?body%5B0%5D%5Ba%5D=1&body%5B0%5D%5Bb%5D=2&body%5B1%5D%5Bc%5D=-3")
    }
}

/// The file's coding key, as httpidl generates it.
fileprivate struct HTTPIDLCodingKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) {
        self.stringValue = stringValue
    }
    init(stringLiteral value: String) {
        self.stringValue = value
    }
    init(intValue: Int) {
        self.stringValue = String(intValue)
    }
}

/// The query or the body of a request, as httpidl generates it.
fileprivate struct HTTPIDLRequestFields: Encodable, Sendable {
    let encodeFields: @Sendable (inout KeyedEncodingContainer<HTTPIDLCodingKey>) throws -> Void

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HTTPIDLCodingKey.self)
        try self.encodeFields(&container)
    }
}
