import Foundation
import Testing
@testable import Courier

/// Hostile and boundary inputs for URL building, headers and bodies: a request or a typed `NetworkError`,
/// never a trap, never a route changed by a value, never bytes a server would misread.
@Suite struct RequestInputValidationTests {
    static func url(_ base: String, _ path: EndpointPath, query: String? = nil) throws -> String {
        try RequestURLBuilder.url(baseURL: #require(URL(string: base)), path: path, query: query).absoluteString
    }

    static func isConfigurationError(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch let error as NetworkError {
            if case .configuration = error { return true }
            return false
        } catch {
            return false
        }
    }

    // MARK: - Base URLs

    @Test(arguments: [
        ("http://[::1]:8080/v1", "http://[::1]:8080/v1/users"),
        ("http://[::1]/", "http://[::1]/users"),
        ("http://[fe80::1%25en0]:80/v1", "http://[fe80::1%25en0]:80/v1/users"),
        ("http://user:p%40ss@api.example.com:8443/v1", "http://user:p%40ss@api.example.com:8443/v1/users"),
        ("http://user@127.0.0.1:1/", "http://user@127.0.0.1:1/users"),
        ("https://api.example.com/a%2F", "https://api.example.com/a%2F/users"),
        ("https://api.example.com/a%2F/", "https://api.example.com/a%2F/users"),
        ("https://api.example.com/v%201/x%E2%9C%93", "https://api.example.com/v%201/x%E2%9C%93/users"),
        ("https://api.example.com:443", "https://api.example.com:443/users"),
        ("HTTPS://API.EXAMPLE.COM/V1", "HTTPS://API.EXAMPLE.COM/V1/users"),
        ("https://xn--bcher-kva.example/v1", "https://xn--bcher-kva.example/v1/users"),
        ("https://api.example.com/v1;v=2", "https://api.example.com/v1;v=2/users"),
        ("https://api.example.com/a%3Fb%23c", "https://api.example.com/a%3Fb%23c/users"),
        ("https://api.example.com//double", "https://api.example.com//double/users"),
        ("http://127.0.0.1:65535", "http://127.0.0.1:65535/users"),
        ("https://api.example.com/users", "https://api.example.com/users/users"),
    ])
    func unusualBaseURLsKeepEveryPart(_ base: String, _ expected: String) throws {
        #expect(try Self.url(base, "/users") == expected)
    }

    @Test func relativeBaseURLIsResolvedFirst() throws {
        let base = try #require(URL(string: "v2/", relativeTo: URL(string: "https://api.example.com/api/")))
        #expect(try RequestURLBuilder.url(baseURL: base, path: "/users").absoluteString == "https://api.example.com/api/v2/users")
    }

    @Test(arguments: [
        "https://api.example.com/v1?", "https://api.example.com/v1?a=1", "https://api.example.com/v1#", "https://api.example.com/#x",
        "file:///tmp/x", "mailto:kim@example.com", "/just/a/path", "api.example.com/v1", "urn:isbn:123", "data:,hello",
    ])
    func unusableBaseURLsAreConfigurationErrors(_ base: String) throws {
        guard let url = URL(string: base) else { return }
        #expect(Self.isConfigurationError { _ = try RequestURLBuilder.url(baseURL: url, path: "/users") }, "\(base)")
    }

    /// A host with non-ASCII letters either becomes a usable URL or a typed error — never a crash.
    @Test(arguments: ["https://bücher.example/v1", "https://사용자.example", "http://例え.テスト:8080/api"])
    func unicodeHostsNeverCrash(_ base: String) {
        guard let url = URL(string: base) else { return }
        do {
            let built = try RequestURLBuilder.url(baseURL: url, path: "/users")
            #expect(built.absoluteString.hasSuffix("/users"))
            #expect(built.host?.isEmpty == false)
        } catch {
            guard case .configuration = error else {
                Issue.record("\(base): \(error)")
                return
            }
        }
    }

    // MARK: - Paths

    @Test(arguments: [
        EndpointPath("/a/%"), "/a/%2", "/a/%ZZ", "/a/%G0", "%", "/a%", "/a/%%", "/a?b", "/a#b", "?", "#",
        "/a/./b", "/a/../b", "/..", "/.", "/a/%2e/b", "/a/%2E%2e/b", "/a/.%2E", "/a/%2e%2e", "..", "./x",
        "/a/\("")/b", "/a/\(".")", "/a/\("..")",
    ] as [EndpointPath])
    func pathsThatCouldChangeTheRouteAreRejected(_ path: EndpointPath) {
        #expect(Self.isConfigurationError { _ = try Self.url("https://api.example.com/v1", path) }, "\(path)")
    }

    @Test(arguments: [
        (EndpointPath("/a/..b/.c/...%2E"), "/a/..b/.c/...%2E"),
        ("/a/\("\0\r\n\t")", "/a/%00%0D%0A%09"),
        ("/a/\("%")/b", "/a/%25/b"),
        ("/a/\("%2e%2e")", "/a/%252e%252e"),
        ("/a/\("x")\(".")", "/a/x."),
        ("/a/\(".")\("x")", "/a/.x"),
        ("/\("/")", "/%2F"),
        ("/\("\u{FEFF}")", "/%EF%BB%BF"),
        ("/\("😀")", "/%F0%9F%98%80"),
        ("/\(-0.0)/\(Int.min)/\(UInt64.max)", "/-0.0/-9223372036854775808/18446744073709551615"),
    ] as [(EndpointPath, String)])
    func hostileParametersStayOneSegment(_ path: EndpointPath, _ expected: String) throws {
        #expect(try RequestURLBuilder.encodedPath(path) == expected)
    }

    /// Random parameter values between fixed route pieces: the route keeps exactly its segments, and each
    /// parameter segment decodes back to the value.
    @Test func randomParametersNeverChangeTheRoute() throws {
        let alphabet: [String] = ["a", "Z", "0", "/", "?", "#", "%", "%2F", ".", "..", " ", "+", "&", "=", ";", "@", ":", "\\",
                                  "\0", "\r\n", "é", "✓", "😀", "\u{FEFF}", "~", "-", "_", "[", "]", "{", "}", "|", "'", "\""]
        var random = SplitMix(seed: 0xC0FFEE)
        var accepted = 0
        for _ in 0..<2_000 {
            let values = (0..<2).map { _ in
                (0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            }
            let path: EndpointPath = "/r/\(values[0])/s/\(values[1])"
            do {
                let url = try RequestURLBuilder.url(baseURL: URL(string: "https://api.example.com/v1")!, path: path)
                let segments = url.path(percentEncoded: true).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                #expect(segments.count == 6 && segments[1] == "v1" && segments[2] == "r" && segments[4] == "s", "\(values) → \(url)")
                #expect(segments.count == 6 && (try? PercentEncoding.decode(segments[3])) == values[0] && (try? PercentEncoding.decode(segments[5])) == values[1], "\(values.map(\.debugDescription)) → \(segments)")
                #expect(url.query == nil && url.fragment == nil)
                accepted += 1
            } catch {
                guard case .configuration = error else { Issue.record("\(values): \(error)"); continue }
                #expect(values.contains { $0.isEmpty || $0 == "." || $0 == ".." }, "\(values) rejected: \(error)")
            }
        }
        #expect(accepted > 1_000)
    }

    /// The query is an already encoded string: a raw `#` in it would silently turn the rest into a fragment.
    @Test(arguments: ["a=1#frag", "#", "a=%23&b=#"])
    func rawHashInAQueryIsRejected(_ query: String) {
        #expect(Self.isConfigurationError { _ = try Self.url("https://api.example.com", "/x", query: query) })
    }

    @Test func encodedHashInAQueryIsKept() throws {
        #expect(try Self.url("https://api.example.com", "/x", query: "a=%23") == "https://api.example.com/x?a=%23")
    }

    @Test func veryLongPathsAndQueriesBuild() throws {
        let long = String(repeating: "é/", count: 20_000)
        let url = try Self.url("https://api.example.com", "/\(long)", query: "q=" + String(repeating: "a", count: 100_000))
        #expect(url.utf8.count > 200_000)
    }

    // MARK: - Headers

    @Test(arguments: [
        ("", "v"), ("X Y", "v"), ("X:Y", "v"), ("X-Ü", "v"), ("X\u{7F}", "v"), ("X\t", "v"), ("(x)", "v"), ("X\0", "v"),
        ("X", "a\r\n b"), ("X", "a\r\n\tb"), ("X", "a\nb"), ("X", "a\rb"), ("X", "a\0b"), ("X", "a\u{7F}b"), ("X", "a\u{1B}b"),
        ("X", "\u{85}"), ("X", "a\u{2028}b"), ("X", "é"), ("X", "café ✓"), ("X", "\u{FEFF}"),
    ])
    func badHeaderFieldsAreRejected(_ name: String, _ value: String) {
        // Non-ASCII values (U+0085, U+2028 included) are refused too: they are not sent as raw UTF-8.
        let rejected = Self.isConfigurationError { try HTTPHeaders.validate(name: name, value: value) }
        #expect(rejected, "\(name.debugDescription): \(value.debugDescription)")
    }

    @Test func multipartPartHeadersMayCarryUTF8() throws {
        try HTTPHeaders.validate(name: "Content-Disposition", value: #"form-data; name="café""#, allowingUTF8: true)
        #expect(Self.isConfigurationError { try HTTPHeaders.validate(name: "X", value: "a\nb", allowingUTF8: true) })
    }

    @Test(arguments: ["", "\t", "a\tb", " padded ", String(repeating: "v", count: 65_536), "!#$%&'*+-.^_`|~"])
    func legalHeaderValuesAreAccepted(_ value: String) throws {
        try HTTPHeaders.validate(name: "X-Test", value: value)
    }

    struct HeaderEndpoint: APIDefinition {
        typealias APIResponse = EmptyResponse
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/x" }
        let headers: HTTPHeaders
    }

    @Test func headerInjectionThroughAnEndpointIsRejected() {
        let endpoint = HeaderEndpoint(headers: ["X-Trace": "1\r\nHost: evil.example"])
        #expect(Self.isConfigurationError { _ = try HTTPRequest(endpoint, baseURL: URL(string: "https://api.example.com")!) })
    }

    @Test func caseInsensitiveLookupIsASCIIOnly() {
        var headers: HTTPHeaders = ["X-K": "1", "x-\u{212A}": "2"]  // U+212A KELVIN SIGN lowercases to "k" in Unicode
        #expect(headers["x-k"] == "1")
        #expect(headers.values(for: "X-K") == ["1"])
        headers["X-k"] = nil
        #expect(headers.count == 1)
    }

    // MARK: - Multipart

    @Test func boundariesWithSpecialCharactersAreQuotedInTheContentType() throws {
        for boundary in ["a b", "a:b", "a=b", "a?b", "(x)", "a,b", "a/b"] {
            let encoded = try MultipartFormData(boundary: boundary).encoded()
            #expect(encoded.contentType == "multipart/form-data; boundary=\"\(boundary)\"", "\(boundary)")
        }
        let plain = try MultipartFormData(boundary: "abc-123_x.y+z'").encoded()
        #expect(plain.contentType == "multipart/form-data; boundary=abc-123_x.y+z'")
    }

    @Test(arguments: ["", String(repeating: "b", count: 71), "ends with space ", "tab\t", "quote\"", "é", "semi;colon", "a\r\nb"])
    func invalidBoundariesAreEncodingErrors(_ boundary: String) {
        do {
            _ = try MultipartFormData(boundary: boundary).encoded()
            Issue.record("\(boundary.debugDescription) accepted")
        } catch let error as NetworkError {
            guard case .encoding = error else { Issue.record("\(error)"); return }
        } catch {
            Issue.record("untyped \(error)")
        }
    }

    @Test func hostileNamesAndFilenamesCannotBreakThePartHeaders() throws {
        var form = MultipartFormData(boundary: "B")
        form.append("v", name: "a\"b\r\nX-Injected: 1\r\n\r\nc")
        form.append(Data("x".utf8), name: "사진", filename: "r\u{e9}sum\u{e9} \"final\"\r\n.pdf")
        form.append(Data(), name: "", filename: "")
        let encoded = try form.encoded()
        guard case .data(let data) = encoded.body else { Issue.record("expected bytes"); return }
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("\r\nX-Injected"))
        #expect(text.contains(#"name="a%22b%0D%0AX-Injected: 1%0D%0A%0D%0Ac""#))
        #expect(text.contains(#"filename="r%C3%A9sum%C3%A9 %22final%22%0D%0A.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%0D%0A.pdf"#))
        #expect(text.contains("name=\"사진\""))
        #expect(text.contains("name=\"\"; filename=\"\""))
        // Every part starts on a delimiter line: 3 parts + the close delimiter.
        #expect(text.components(separatedBy: "--B").count == 5)
    }

    @Test func controlCharactersInPartHeadersAreTypedErrors() {
        var form = MultipartFormData(boundary: "B")
        form.append("v", name: "a\u{1}b")
        #expect(Self.isConfigurationError { _ = try form.encoded() })
        var other = MultipartFormData(boundary: "B")
        other.append(Data(), name: "f", contentType: "text/plain\r\nX: 1")
        #expect(Self.isConfigurationError { _ = try other.encoded() })
    }

    @Test func fixedBoundaryCollisionInDataIsDetected() {
        var form = MultipartFormData(boundary: "B")
        form.append("a\r\n--B--\r\n", name: "x")
        #expect(throws: NetworkError.self) { try form.encoded() }
    }

    @Test func fixedBoundaryCollisionInAFileIsDetected() throws {
        let file = try temporaryFile(Data(("x".utf8) + Array(repeating: UInt8(ascii: "y"), count: 200_000) + Array("\r\n--B--\r\n".utf8)))
        defer { removeTemporaryFile(file) }
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: file, name: "f")
        #expect(throws: NetworkError.self) { try form.encoded() }
    }

    @Test func collisionAcrossAFileChunkBoundaryIsDetected() throws {
        // The delimiter straddles the scanner's chunk size so a per-chunk search alone would miss it.
        for offset in [65_534, 65_535, 65_536, 65_537] {
            var bytes = [UInt8](repeating: UInt8(ascii: "y"), count: offset)
            bytes += Array("--B".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: 10)
            let file = try temporaryFile(Data(bytes))
            defer { removeTemporaryFile(file) }
            var form = MultipartFormData(boundary: "B")
            form.append(fileAt: file, name: "f")
            #expect(throws: NetworkError.self, "offset \(offset)") { try form.encoded() }
        }
    }

    @Test func randomBoundaryIsRedrawnNotFailedOnCollision() throws {
        var form = MultipartFormData()
        form.append("--" + form.boundary, name: "evil")
        let encoded = try form.encoded()
        let boundary = try #require(encoded.contentType?.components(separatedBy: "boundary=").last)
        #expect(boundary != form.boundary)
    }

    @Test func zeroByteFileAndEmptyFormEncodeExactly() throws {
        let file = try temporaryFile(Data())
        defer { removeTemporaryFile(file) }
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: file, name: "f", filename: "empty.bin")
        let encoded = try form.encoded()
        let bytes = try collect(encoded.body)
        let expected = "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"empty.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n"
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(encoded.body.contentLength == Int64(bytes.count))
        #expect(try collect(MultipartFormData(boundary: "B").encoded().body) == Data("--B--\r\n".utf8))
    }

    @Test func fileDeletedBetweenEncodingAndSendingIsAFileSystemError() throws {
        let file = try temporaryFile(Data("hello".utf8))
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: file, name: "f")
        let multipart = try form.encoded()
        let single = try RequestBody.file(file, contentType: "text/plain").encoded()
        removeTemporaryFile(file)
        for body in [multipart.body, single.body] {
            do {
                _ = try collect(body)
                Issue.record("read a deleted file")
            } catch let error as NetworkError {
                guard case .transport(let failure) = error else { Issue.record("\(error)"); continue }
                #expect(failure.kind == .fileSystem)
            }
        }
    }

    @Test(arguments: [Data(), Data("hello world, this file grew".utf8)])
    func fileThatChangedSizeAfterEncodingIsAFileSystemError(_ replacement: Data) throws {
        let file = try temporaryFile(Data("hello".utf8))
        defer { removeTemporaryFile(file) }
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: file, name: "f")
        let encoded = try form.encoded()
        try replacement.write(to: file)
        do {
            let bytes = try collect(encoded.body)
            Issue.record("read \(bytes.count) bytes although Content-Length promised \(encoded.body.contentLength ?? -1)")
        } catch let error as NetworkError {
            guard case .transport(let failure) = error else { Issue.record("\(error)"); return }
            #expect(failure.kind == .fileSystem)
        }
    }

    @Test(arguments: ["/nonexistent/x", "/tmp", "relative.txt"])
    func unusableFilesAreEncodingErrors(_ path: String) {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(string: "https://example.com/\(path)")!
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: url, name: "f")
        for body in [RequestBody.multipart(form), .file(url, contentType: "a/b")] {
            do {
                _ = try body.encoded()
                Issue.record("\(path) accepted")
            } catch let error as NetworkError {
                guard case .encoding = error else { Issue.record("\(error)"); continue }
            } catch {
                Issue.record("untyped \(error)")
            }
        }
    }

    @Test(arguments: [Int.min, -1, 0, 1, 7, Int.max])
    func readersAcceptAnyMaxLength(_ maxLength: Int) throws {
        let file = try temporaryFile(Data("0123456789".utf8))
        defer { removeTemporaryFile(file) }
        var form = MultipartFormData(boundary: "B")
        form.append(fileAt: file, name: "f")
        for body in [HTTPBody.data(Data("0123456789".utf8)), .file(file), try form.encoded().body] {
            let reader = try body.makeReader()
            defer { reader.close() }
            var total = Data()
            while let chunk = try reader.read(maxLength: maxLength) {
                #expect(!chunk.isEmpty && chunk.count <= max(1, maxLength))
                total.append(chunk)
            }
            #expect(Int64(total.count) == body.contentLength)
        }
    }
}

/// Reads a whole body in 4 KiB chunks.
private func collect(_ body: HTTPBody) throws -> Data {
    try body.collected(chunkSize: 4096)
}

/// Removes a file made by `temporaryFile(_:name:)` and its directory.
private func removeTemporaryFile(_ url: URL) {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
}

/// SplitMix64: seeded, so generated inputs repeat run to run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
