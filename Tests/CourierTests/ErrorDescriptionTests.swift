import Foundation
import Testing
@testable import Courier

@Suite("NetworkError descriptions and coding paths")
struct ErrorDescriptionTests {
    static let rows: [(NetworkError, String)] = [
        (.configuration(reason: .invalidRequest("the path '/x?y' contains '?'")), "Cannot build the request: the path '/x?y' contains '?'"),
        (.configuration(reason: .invalidBaseURL("'/v1' is not absolute")), "Cannot build the request: invalid base URL: '/v1' is not absolute"),
        (.configuration(reason: .invalidHeader(name: "X-A", reason: "the value contains CR or LF")),
         "Cannot build the request: invalid header 'X-A': the value contains CR or LF"),
        (.encoding(EncodingFailure(part: .body, codingPath: "items[1].score", message: "invalid value inf")),
         "Could not encode the request body at 'items[1].score': invalid value inf"),
        (.encoding(EncodingFailure(part: .query, message: "top-level scalar needs a root key")),
         "Could not encode the request query: top-level scalar needs a root key"),
        (.transport(TransportFailure(kind: .timedOut, code: -1001, message: "The request timed out.")),
         "No usable response: timed out (code -1001): The request timed out."),
        (.transport(TransportFailure(kind: .cannotConnect, message: "refused")), "No usable response: cannot connect to the server: refused"),
        (.transport(TransportFailure(kind: .connectionLost, message: "")), "No usable response: connection lost"),
        (.transport(TransportFailure(kind: .badServerResponse, message: "x")), "No usable response: bad server response: x"),
        (.transport(TransportFailure(kind: .responseTooLarge, message: "over 10 MB")), "No usable response: response too large: over 10 MB"),
        (.transport(TransportFailure(kind: .fileSystem, message: "gone")), "No usable response: file system error: gone"),
        (.transport(TransportFailure(kind: .other, code: 7, message: "?")), "No usable response: transport error (code 7): ?"),
        (.httpStatus(HTTPStatusFailure(statusCode: 404)), "Unacceptable status: HTTP 404 Not Found"),
        (.httpStatus(HTTPStatusFailure(statusCode: 599, body: Data("{\"error\":\n  \"boom\"}".utf8))),
         "Unacceptable status: HTTP 599: {\"error\": \"boom\"}"),
        (.httpStatus(HTTPStatusFailure(statusCode: 500, body: Data(repeating: 0x61, count: 300))),
         "Unacceptable status: HTTP 500 Internal Server Error: " + String(repeating: "a", count: 200) + "…"),
        (.decoding(DecodingFailure(typeName: "UserDTO", codingPath: "items[3].userId", message: "type mismatch")),
         "Could not decode the response: UserDTO at 'items[3].userId': type mismatch"),
        (.decoding(DecodingFailure(typeName: "String", codingPath: "", message: "the body is not valid utf-8")),
         "Could not decode the response: String: the body is not valid utf-8"),
        (.cancelled, "The request was cancelled"),
    ]

    @Test(arguments: rows)
    func description(_ error: NetworkError, _ expected: String) {
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
    }

    struct Item: Decodable { let userId: Int }
    struct Page: Decodable { let items: [Item] }
    struct Nested: Decodable { let page: Page }

    func failure<T: Decodable>(_ type: T.Type, _ json: String) -> DecodingFailure? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch {
            return DecodingFailure(error, decoding: type)
        }
    }

    @Test func decodingErrorPaths() throws {
        let mismatch = try #require(failure(Page.self, #"{"items":[{"userId":1},{"userId":2},{"userId":3},{"userId":"x"}]}"#))
        #expect(mismatch.codingPath == "items[3].userId")
        #expect(mismatch.typeName == "Page")
        #expect(mismatch.message.hasPrefix("type mismatch: expected Int"))

        let missing = try #require(failure(Nested.self, #"{"page":{"items":[{}]}}"#))
        #expect(missing.codingPath == "page.items[0].userId")
        #expect(missing.message.hasPrefix("key not found"))

        let null = try #require(failure(Page.self, #"{"items":[{"userId":null}]}"#))
        #expect(null.codingPath == "items[0].userId")
        #expect(null.message.hasPrefix("value not found"))

        let corrupt = try #require(failure([Item].self, "{nope"))
        #expect(corrupt.codingPath == "")
        #expect(corrupt.typeName == "Array<Item>")
        #expect(corrupt.message.hasPrefix("data corrupted"))

        struct Other: Error, CustomStringConvertible { var description: String { "other failure" } }
        let other = DecodingFailure(Other(), decoding: Int.self)
        #expect(other.typeName == "Int" && other.codingPath == "" && other.message == "other failure")
    }

    @Test func codingPathRendering() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(_ string: String) { stringValue = string; intValue = nil }
            init(index: Int) { stringValue = "Index \(index)"; intValue = index }
            init?(stringValue: String) { self.init(stringValue) }
            init?(intValue: Int) { self.init(index: intValue) }
        }
        #expect(([] as [any CodingKey]).codingPathDescription == "")
        #expect(([Key(index: 0)] as [any CodingKey]).codingPathDescription == "[0]")
        #expect(([Key("a"), Key(index: 2), Key(index: 5), Key("b")] as [any CodingKey]).codingPathDescription == "a[2][5].b")
    }

    @Test func encodingFailureFromOtherErrors() {
        struct Custom: Error {}
        let failure = EncodingFailure(Custom(), part: .query)
        #expect(failure.part == .query && failure.codingPath == "" && failure.message.contains("Custom"))
    }
}
