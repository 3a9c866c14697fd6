import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `Nullable`: a property left out, sent as `null` on purpose, or sent with a value, in JSON and form bodies
/// over a real loopback socket; decoding tells a missing key from `null`.
@Suite(.loopback) struct NullableTests {
    struct Update: Codable, Sendable, Equatable {
        var nickname: Nullable<String> = .absent
        var age: Nullable<Int> = .absent
        var note: String?
    }

    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func send(_ body: RequestBody, over transport: TransportKind) async throws -> RecordedRequest {
        server.enqueue(MockResponse(status: 204))
        let client = NetworkClient(baseURL: server.url("/api"), configuration: .init(transport: transport.make(), cookiePolicy: .disabled))
        _ = try await client.send(TypedCall<EmptyResponse>(method: .patch, path: "/user", body: body))
        return try await server.takeRequest()
    }

    @Test(arguments: TransportKind.available) func jsonSendsNullAndLeavesAbsentOut(over transport: TransportKind) async throws {
        let recorded = try await send(.json(Update(nickname: .null, age: .value(3))), over: transport)
        let sent = try JSONDecoder().decode(JSONValue.self, from: Data(recorded.bodyText.utf8))
        #expect(sent == ["nickname": nil, "age": 3])
        let cleared = try await send(.json(Update(note: "n")), over: transport)
        #expect(cleared.bodyText == #"{"note":"n"}"#)
    }

    @Test(arguments: TransportKind.available) func formSendsNullAsAnEmptyValue(over transport: TransportKind) async throws {
        let recorded = try await send(.form(Update(nickname: .null, age: .value(3))), over: transport)
        #expect(recorded.bodyText == "age=3&nickname=")
        let absent = try await send(.form(Update(age: .value(4))), over: transport)
        #expect(absent.bodyText == "age=4")
    }

    @Test(arguments: [
        (#"{}"#, Update()),
        (#"{"nickname":null,"age":null}"#, Update(nickname: .null, age: .null)),
        (#"{"nickname":"kim","age":7,"note":"x"}"#, Update(nickname: .value("kim"), age: .value(7), note: "x")),
    ])
    func decodesAbsentNullAndValue(json: String, expected: Update) throws {
        #expect(try JSONDecoder().decode(Update.self, from: Data(json.utf8)) == expected)
        #expect(try FlexibleJSONDecoder().decode(Update.self, from: Data(json.utf8)) == expected)
    }

    @Test func aWrongTypeIsATypedError() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Update.self, from: Data(#"{"age":"x"}"#.utf8)) }
    }
}
