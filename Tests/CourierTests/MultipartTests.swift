import Foundation
import Testing
@testable import Courier

@Suite("Multipart form data")
struct MultipartTests {
    @Test func exactBytesForTextAndDataParts() throws {
        var form = MultipartFormData(boundary: "XyZ")
        form.append("Kim", name: "author")
        form.append(Data([0x00, 0xFF, 0x0D, 0x0A]), name: "blob")
        form.append(Data("{}".utf8), name: "meta", filename: "meta.json", contentType: "application/json")
        let encoded = try RequestBody.multipart(form).encoded()
        #expect(encoded.contentType == "multipart/form-data; boundary=XyZ")
        guard case .data(let data) = encoded.body else {
            Issue.record("in-memory parts should give in-memory bytes")
            return
        }
        var expected = Data()
        expected.append(Data((
            "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"author\"\r\n\r\n"
            + "Kim\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"blob\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
        ).utf8))
        expected.append(contentsOf: [0x00, 0xFF, 0x0D, 0x0A])
        expected.append(Data((
            "\r\n--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"meta\"; filename=\"meta.json\"\r\n"
            + "Content-Type: application/json\r\n\r\n"
            + "{}\r\n"
            + "--XyZ--\r\n"
        ).utf8))
        #expect(data == expected)
        #expect(encoded.body.contentLength == Int64(expected.count))
    }

    @Test func emptyFormIsJustTheCloseDelimiter() throws {
        let encoded = try MultipartFormData(boundary: "b").encoded()
        #expect(try encoded.body.collected() == Data("--b--\r\n".utf8))
    }

    static let dispositionRows: [(name: String, filename: String?, expected: String)] = [
        ("field", nil, #"form-data; name="field""#),
        ("a\"b", nil, #"form-data; name="a%22b""#),
        ("a\r\nContent-Type: x", nil, #"form-data; name="a%0D%0AContent-Type: x""#),
        ("이름", nil, "form-data; name=\"이름\""),
        ("f", "plain.txt", #"form-data; name="f"; filename="plain.txt""#),
        ("f", "résumé.pdf", #"form-data; name="f"; filename="r%C3%A9sum%C3%A9.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"#),
        ("f", "사진 1.png", #"form-data; name="f"; filename="%EC%82%AC%EC%A7%84 1.png"; filename*=UTF-8''%EC%82%AC%EC%A7%84%201.png"#),
        ("f", "evil\".txt", #"form-data; name="f"; filename="evil%22.txt"; filename*=UTF-8''evil%22.txt"#),
        ("f", "a\r\nb.txt", #"form-data; name="f"; filename="a%0D%0Ab.txt"; filename*=UTF-8''a%0D%0Ab.txt"#),
        ("f", "C:\\x\\y.txt", #"form-data; name="f"; filename="C:%5Cx%5Cy.txt"; filename*=UTF-8''C%3A%5Cx%5Cy.txt"#),
        ("f", "100%.txt", #"form-data; name="f"; filename="100%25.txt"; filename*=UTF-8''100%25.txt"#),
    ]

    @Test(arguments: dispositionRows)
    func contentDisposition(_ row: (name: String, filename: String?, expected: String)) throws {
        let head = try MultipartEncoder.partHead(.init(name: row.name, filename: row.filename, content: .data(Data())))
        let text = String(decoding: head, as: UTF8.self)
        #expect(text == "Content-Disposition: \(row.expected)\r\n\r\n")
    }

    @Test func extraPartHeadersAndOverrides() throws {
        var form = MultipartFormData(boundary: "b")
        form.append("v", name: "t", headers: ["Content-Language": "ko"])
        form.append(Data([1]), name: "d", filename: "d.bin", contentType: "x/y", headers: ["Content-Type": "a/b", "X-Part": "1"])
        let text = String(decoding: try form.encoded().body.collected(), as: UTF8.self)
        #expect(text.contains("Content-Disposition: form-data; name=\"t\"\r\nContent-Language: ko\r\n\r\nv\r\n"))
        #expect(text.contains("Content-Disposition: form-data; name=\"d\"; filename=\"d.bin\"\r\nContent-Type: a/b\r\nX-Part: 1\r\n\r\n"))
    }

    @Test func injectedPartHeadersAreRejected() {
        var form = MultipartFormData(boundary: "b")
        form.append(Data(), name: "d", contentType: "text/plain\r\nX-Evil: 1")
        #expect(throws: NetworkError.configuration(reason: .invalidHeader(name: "Content-Type", reason: "the value contains CR or LF"))) {
            try form.encoded()
        }
        var other = MultipartFormData(boundary: "b")
        other.append("v", name: "t", headers: ["X-A\nB": "1"])
        #expect(throws: NetworkError.self) { try other.encoded() }
    }

    @Test func randomBoundaryIsLongAndFresh() {
        let a = MultipartFormData().boundary
        let b = MultipartFormData().boundary
        #expect(a != b)
        #expect(a.hasPrefix("courier-") && a.count == 40)
        #expect(a.dropFirst(8).allSatisfy { $0.isHexDigit })
    }

    @Test func collisionWithARandomBoundaryRedraws() throws {
        var form = MultipartFormData()
        let original = form.boundary
        form.append("before --\(original) after", name: "text")
        form.append(Data("x\(original)".utf8), name: "data")
        let encoded = try form.encoded()
        let contentType = try #require(encoded.contentType)
        #expect(!contentType.hasSuffix(original))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let body = try encoded.body.collected()
        // The new boundary appears only as delimiters: 2 parts + close.
        #expect(String(decoding: body, as: UTF8.self).components(separatedBy: boundary).count - 1 == 3)
    }

    @Test func collisionWithAFixedBoundaryFails() {
        var form = MultipartFormData(boundary: "fixed")
        form.append("this is fixed text", name: "ok")
        form.append("line\r\n--fixed--\r\n", name: "text")
        let error = #expect(throws: NetworkError.self) { try form.encoded() }
        guard case .encoding(let failure)? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(failure.message.contains("occurs in part 'text'"))
    }

    @Test(arguments: ["", String(repeating: "a", count: 71), "ends with space ", "bad\"quote", "new\nline", "tilde~"])
    func invalidFixedBoundaryFails(_ boundary: String) {
        #expect(throws: NetworkError.self) { try MultipartFormData(boundary: boundary).encoded() }
    }

    @Test func validFixedBoundaryCharacters() throws {
        let boundary = "'()+_,-./:=? x" + String(repeating: "9", count: 56)
        // RFC 2046 §5.1.1: a boundary with characters outside an RFC 2045 token must be quoted in the header.
        #expect(try MultipartFormData(boundary: boundary).encoded().contentType == "multipart/form-data; boundary=\"\(boundary)\"")
    }

    @Test func filePartsStreamFromDiskWithExactLength() throws {
        let content = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let url = try temporaryFile(content, name: "photo.png")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

        var form = MultipartFormData(boundary: "B0undary")
        form.append("caption", name: "title")
        form.append(fileAt: url, name: "photo")
        form.append("tail", name: "after")
        let encoded = try form.encoded()
        guard case .stream(let source) = encoded.body else {
            Issue.record("a file part should give a streamed body")
            return
        }
        var expected = Data((
            "--B0undary\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\ncaption\r\n"
            + "--B0undary\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n"
        ).utf8)
        expected.append(content)
        expected.append(Data("\r\n--B0undary\r\nContent-Disposition: form-data; name=\"after\"\r\n\r\ntail\r\n--B0undary--\r\n".utf8))
        #expect(source.contentLength == Int64(expected.count))
        #expect(encoded.body.contentLength == Int64(expected.count))
        // Replayable: two readers, different chunk sizes, same bytes.
        #expect(try encoded.body.collected(chunkSize: 1000) == expected)
        #expect(try encoded.body.collected(chunkSize: 3) == expected)
    }

    @Test func filePartOverridesAndDefaults() throws {
        let url = try temporaryFile(Data("x".utf8), name: "noext")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var form = MultipartFormData(boundary: "b")
        form.append(fileAt: url, name: "a")
        form.append(fileAt: url, name: "b", filename: "über.txt", contentType: "text/plain; charset=utf-8")
        let text = String(decoding: try form.encoded().body.collected(), as: UTF8.self)
        #expect(text.contains("name=\"a\"; filename=\"noext\"\r\nContent-Type: application/octet-stream\r\n"))
        #expect(text.contains("name=\"b\"; filename=\"%C3%BCber.txt\"; filename*=UTF-8''%C3%BCber.txt\r\nContent-Type: text/plain; charset=utf-8\r\n"))
    }

    @Test func missingFilePartIsAnEncodingError() {
        var form = MultipartFormData(boundary: "b")
        form.append(fileAt: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).bin"), name: "f")
        let error = #expect(throws: NetworkError.self) { try form.encoded() }
        guard case .encoding? = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
    }

    @Test func fileThatChangesSizeWhileSendingFails() throws {
        let url = try temporaryFile(Data(repeating: 1, count: 100), name: "f.bin")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var form = MultipartFormData(boundary: "b")
        form.append(fileAt: url, name: "f")
        let body = try form.encoded().body

        try Data(repeating: 1, count: 50).write(to: url)
        expectFileSystemFailure(containing: "shrank") { _ = try body.collected(chunkSize: 64) }

        try Data(repeating: 1, count: 150).write(to: url)
        expectFileSystemFailure(containing: "grew") { _ = try body.collected(chunkSize: 64) }

        try FileManager.default.removeItem(at: url)
        expectFileSystemFailure(containing: "cannot open") { _ = try body.collected(chunkSize: 64) }
    }

    @Test func mimeTypes() {
        #expect(MultipartFormData.mimeType(forPathExtension: "PNG") == "image/png")
        #expect(MultipartFormData.mimeType(forPathExtension: "jpeg") == "image/jpeg")
        #expect(MultipartFormData.mimeType(forPathExtension: "json") == "application/json")
        #expect(MultipartFormData.mimeType(forPathExtension: "weird") == "application/octet-stream")
    }

    @Test func multipartDefinitionSuppliesTheBody() throws {
        struct UploadAvatar: MultipartAPIDefinition {
            typealias APIResponse = EmptyResponse
            let userId: Int
            let image: Data
            var path: EndpointPath { "/users/\(userId)/avatar" }
            var multipartFormData: MultipartFormData {
                var form = MultipartFormData(boundary: "avatar")
                form.append(image, name: "image", filename: "a.png", contentType: "image/png")
                return form
            }
        }
        let request = try HTTPRequest(UploadAvatar(userId: 5, image: Data([9])), baseURL: testBaseURL)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://api.example.com/v1/users/5/avatar")
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=avatar")
        let expected = "--avatar\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n\u{9}\r\n--avatar--\r\n"
        #expect(try request.body?.collected() == Data(expected.utf8))
    }
}

func expectFileSystemFailure(containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    let error = #expect(throws: NetworkError.self, sourceLocation: sourceLocation) { try body() }
    guard case .transport(let failure)? = error, failure.kind == .fileSystem else {
        Issue.record("expected a .fileSystem transport failure, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
    #expect(failure.message.contains(fragment), "\(failure.message)", sourceLocation: sourceLocation)
}
