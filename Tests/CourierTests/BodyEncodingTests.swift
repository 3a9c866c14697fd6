import Foundation
import Testing
@testable import Courier

@Suite("Body encodings")
struct BodyEncodingTests {
    struct Event: Encodable, Sendable {
        let name: String
        let at: Date
        let link: String
        let count: Int?
    }

    @Test func jsonDefaultEncoderIsDeterministicWithISO8601Dates() throws {
        let event = Event(name: "kim", at: Date(timeIntervalSince1970: 1_714_555_800), link: "https://x.io/a/b", count: nil)
        let encoded = try RequestBody.json(event).encoded()
        #expect(encoded.contentType == "application/json")
        guard case .data(let data) = encoded.body else {
            Issue.record("expected in-memory data")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2024-05-01T09:30:00.000Z","link":"https://x.io/a/b","name":"kim"}"#)
    }

    @Test func jsonWithACustomEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let encoded = try RequestBody.json(["userId": 1], encoder: encoder).encoded()
        #expect(try encoded.body.collected() == Data(#"{"userId":1}"#.utf8))   // dictionary keys are not converted
        struct Body: Encodable, Sendable { let userId = 1 }
        #expect(try RequestBody.json(Body(), encoder: encoder).encoded().body.collected() == Data(#"{"user_id":1}"#.utf8))
    }

    @Test func jsonFailureCarriesTheCodingPath() {
        struct Inner: Encodable, Sendable { let score: Double }
        struct Outer: Encodable, Sendable { let items: [Inner] }
        let error = #expect(throws: NetworkError.self) {
            try RequestBody.json(Outer(items: [Inner(score: 1), Inner(score: .infinity)])).encoded()
        }
        guard case .encoding(let failure)? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.part == .body && failure.codingPath == "items[1].score")
        #expect(failure.description.hasPrefix("body at 'items[1].score': invalid value"))
    }

    @Test func rawDataIsSentUnchanged() throws {
        let bytes = Data([0, 1, 2, 0xFF])
        let encoded = try RequestBody.data(bytes, contentType: "application/x-protobuf").encoded()
        #expect(encoded.contentType == "application/x-protobuf")
        #expect(try encoded.body.collected() == bytes)
        #expect(encoded.body.contentLength == 4)
    }

    @Test func fileIsStreamedNotLoaded() throws {
        let url = try temporaryFile(Data(repeating: 0x41, count: 1000))
        defer { try? FileManager.default.removeItem(at: url) }
        let encoded = try RequestBody.file(url, contentType: "text/plain").encoded()
        guard case .file(let fileURL) = encoded.body else {
            Issue.record("expected a file body")
            return
        }
        #expect(fileURL == url)
        #expect(encoded.contentType == "text/plain")
        #expect(encoded.body.contentLength == 1000)
        #expect(try encoded.body.collected(chunkSize: 64) == Data(repeating: 0x41, count: 1000))

        let request = try HTTPRequest(AnyEndpoint(method: .put, body: .file(url, contentType: "text/plain")), baseURL: testBaseURL)
        #expect(request.headers["Content-Type"] == "text/plain")
    }

    @Test func missingFileOrDirectoryIsAnEncodingError() {
        let missing = URL(fileURLWithPath: "/nonexistent/courier-\(UUID().uuidString)")
        for url in [missing, URL(fileURLWithPath: NSTemporaryDirectory()), URL(string: "https://x.io/f")!] {
            let error = #expect(throws: NetworkError.self) { try RequestBody.file(url, contentType: "text/plain").encoded() }
            guard case .encoding(let failure)? = error else {
                Issue.record("expected .encoding, got \(String(describing: error))")
                continue
            }
            #expect(failure.part == .body)
        }
    }

    @Test func customFormatsPlugIn() throws {
        struct CSVBody: RequestBodyEncoder {
            let rows: [[String]]
            func encodeBody() throws -> EncodedBody {
                EncodedBody(contentType: "text/csv", body: .data(Data(rows.map { $0.joined(separator: ",") }.joined(separator: "\n").utf8)))
            }
        }
        let request = try HTTPRequest(
            AnyEndpoint(method: .post, body: RequestBody(CSVBody(rows: [["a", "b"], ["1", "2"]]))), baseURL: testBaseURL
        )
        #expect(request.headers["Content-Type"] == "text/csv")
        #expect(try request.body?.collected() == Data("a,b\n1,2".utf8))
    }

    @Test func bodyWithoutContentTypeKeepsADefaultOne() throws {
        struct Opaque: RequestBodyEncoder {
            func encodeBody() throws -> EncodedBody { EncodedBody(contentType: nil, body: .data(Data([1]))) }
        }
        let request = try HTTPRequest(
            AnyEndpoint(method: .post, body: RequestBody(Opaque())), baseURL: testBaseURL,
            defaults: RequestDefaults(headers: ["Content-Type": "application/json"])
        )
        // The body has no type of its own; the default stays (it was asked for).
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test func arbitraryEncoderErrorsBecomeEncodingFailures() {
        struct Failing: RequestBodyEncoder {
            struct Oops: Error {}
            func encodeBody() throws -> EncodedBody { throw Oops() }
        }
        let error = #expect(throws: NetworkError.self) {
            try HTTPRequest(AnyEndpoint(method: .post, body: RequestBody(Failing())), baseURL: testBaseURL)
        }
        guard case .encoding(let failure)? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.part == .body && failure.message.contains("Oops"))
    }
}

/// Writes `data` to a fresh temporary file.
func temporaryFile(_ data: Data, name: String = "courier-test") throws -> URL {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("courier-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url
}
