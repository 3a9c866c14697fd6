import Foundation
import Testing
@testable import Courier

@Suite("Response decoders")
struct ResponseDecoderTests {
    func response(_ text: String, contentType: String? = nil) -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: contentType.map { ["Content-Type": $0] } ?? [:], body: Data(text.utf8))
    }

    func expectDecodingFailure(
        _ body: () throws -> Void, path: String? = nil, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: NetworkError.self, sourceLocation: sourceLocation) { try body() }
        guard case .decoding(let failure)? = error else {
            Issue.record("expected .decoding, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        if let path { #expect(failure.codingPath == path, sourceLocation: sourceLocation) }
        #expect(failure.description.contains(fragment), "\(failure)", sourceLocation: sourceLocation)
    }

    struct Item: Decodable, Equatable { let userId: Int }

    @Test func jsonDecodes() throws {
        let items = try JSONResponseDecoder().decode([Item].self, from: response(#"[{"userId":1},{"userId":2}]"#))
        #expect(items == [Item(userId: 1), Item(userId: 2)])
    }

    @Test func jsonFailureHasTheCodingPath() {
        expectDecodingFailure({
            _ = try JSONResponseDecoder().decode([Item].self, from: response(#"[{"userId":1},{"userId":true}]"#))
        }, path: "[1].userId", containing: "Array<Item> at '[1].userId'")
        expectDecodingFailure({
            _ = try StrictJSONResponseDecoder().decode([Item].self, from: response(#"[{"userId":"1"}]"#))
        }, path: "[0].userId", containing: "type mismatch")
    }

    @Test func strictJSONUsesTheGivenDecoder() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let item = try StrictJSONResponseDecoder(decoder: decoder).decode(Item.self, from: response(#"{"user_id":5}"#))
        #expect(item == Item(userId: 5))
    }

    @Test func emptyResponseNeverReadsTheBody() throws {
        let garbage = HTTPResponse(statusCode: 204, body: Data([0xFF, 0x00]))
        let decoders: [any ResponseDecoder] = [JSONResponseDecoder(), StrictJSONResponseDecoder(), TextResponseDecoder()]
        for decoder in decoders {
            #expect(try decoder.decode(EmptyResponse.self, from: garbage) == EmptyResponse())
        }
    }

    @Test func textUsesTheCharset() throws {
        #expect(try TextResponseDecoder().decode(String.self, from: response("héllo ✓")) == "héllo ✓")
        #expect(try TextResponseDecoder().decode(String.self, from: response("plain", contentType: "text/plain; charset=\"UTF-8\"")) == "plain")
        let latin1 = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/plain; charset=ISO-8859-1"], body: Data([0x63, 0x61, 0x66, 0xE9]))
        #expect(try TextResponseDecoder().decode(String.self, from: latin1) == "café")
    }

    @Test func textRejectsInvalidBytesUnknownCharsetsAndOtherTypes() {
        expectDecodingFailure({
            _ = try TextResponseDecoder().decode(String.self, from: HTTPResponse(statusCode: 200, body: Data([0xC3, 0x28])))
        }, containing: "not valid utf-8")
        expectDecodingFailure({
            _ = try TextResponseDecoder().decode(String.self, from: self.response("x", contentType: "text/plain; charset=klingon"))
        }, containing: "unsupported charset 'klingon'")
        expectDecodingFailure({
            _ = try TextResponseDecoder().decode(Int.self, from: self.response("1"))
        }, containing: "decodes only String")
    }

    @Test(arguments: [JSONResponseDecoder() as any ResponseDecoder, StrictJSONResponseDecoder(), TextResponseDecoder()])
    func dataIsTheRawBodyWhateverTheDecoder(decoder: any ResponseDecoder) throws {
        let bytes = Data([0, 1, 2, 0xFF])
        #expect(try decoder.decode(Data.self, from: HTTPResponse(statusCode: 200, body: bytes)) == bytes)
        #expect(try decoder.decode(EmptyResponse.self, from: HTTPResponse(statusCode: 200, body: bytes)) == EmptyResponse())
    }

    @Test func decodingFailuresCarryTheResponse() {
        let body = #"{"id":"x"}"# + String(repeating: " ", count: 400)
        let response = HTTPResponse(statusCode: 201, headers: ["Content-Type": "application/json", "X-Request-Id": "r-1"], body: Data(body.utf8))
        let error = #expect(throws: NetworkError.self) { try JSONResponseDecoder().decode(Item.self, from: response) }
        guard case .decoding(let failure)? = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 201)
        #expect(failure.headers["X-Request-Id"] == "r-1")
        #expect(failure.bodyLength == body.utf8.count)
        #expect(failure.bodyPrefix == Data(body.utf8.prefix(DecodingFailure.bodyPrefixLength)))
        #expect(failure.description.contains("HTTP 201, application/json, \(body.utf8.count) bytes: {\"id\":\"x\"}"))
    }

    @Test func endpointsChooseTheirDecoder() {
        struct Health: APIDefinition {
            typealias APIResponse = String
            var method: HTTPMethod { .get }
            var path: EndpointPath { "/health" }
            var responseDecoder: (any ResponseDecoder)? { TextResponseDecoder() }
        }
        #expect(Health().responseDecoder is TextResponseDecoder)
        #expect(GetUser(id: 1).responseDecoder == nil)
    }
}
