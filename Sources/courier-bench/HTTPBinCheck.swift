import Courier
import CourierSockets
import Foundation

/// `httpbin-check`: runs requests through Courier against a real httpbin server (started by
/// `Scripts/interop-httpbin.sh`) and checks what it echoes back. The server's base URL comes from the
/// `COURIER_HTTPBIN_URL` environment variable; `COURIER_TRANSPORT=socket` sends over `SocketTransport` instead of
/// `URLSessionTransport`. Prints `N passed, M failed`; exits 1 on any failure.
enum HTTPBinCheck {
    static let suite = BenchmarkSuite(
        name: "httpbin-check",
        summary: "interop checks against httpbin at $COURIER_HTTPBIN_URL (run by Scripts/interop-httpbin.sh)"
    ) {
        guard let text = ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"], let baseURL = URL(string: text) else {
            print("httpbin-check: set COURIER_HTTPBIN_URL to the server's base URL")
            exit(2)
        }
        let failed = await run(baseURL: baseURL)
        exit(failed == 0 ? 0 : 1)
    }

    // MARK: What httpbin echoes

    struct Echo: Decodable, Sendable {
        var args: [String: StringOrList]?
        var headers: [String: String]?
        var json: JSONValue?
        var form: [String: StringOrList]?
        var files: [String: String]?
        var data: String?
        var url: String?
        var gzipped: Bool?
        var method: String?
    }

    /// httpbin sends a repeated key as a list.
    enum StringOrList: Decodable, Sendable, Equatable {
        case one(String)
        case many([String])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(String.self) { self = .one(value) } else { self = .many(try container.decode([String].self)) }
        }
    }

    struct Search: Encodable, Sendable {
        var q: String
        var tags: [String]
        var page: Int
    }

    struct Order: Codable, Sendable, Equatable {
        var item: String
        var quantity: Int
        var note: String?
    }

    struct Auth: Decodable, Sendable {
        var authenticated: Bool
        var user: String
    }

    struct Request: Endpoint {
        var method: HTTPMethod = .get
        var path: EndpointPath
        var query: (any Encodable & Sendable)?
        var body: RequestBody?
        var headers: HTTPHeaders = [:]
        var acceptableStatusCodes: Set<Int>?
    }

    // MARK: Checks

    static func run(baseURL: URL) async -> Int {
        var configuration = NetworkClient.Configuration(timeout: .seconds(20), retryPolicy: .never)
        configuration.headers["User-Agent"] = "courier-httpbin-check"
        let overSockets = ProcessInfo.processInfo.environment["COURIER_TRANSPORT"] == "socket"
        #if os(Linux)
        if overSockets { configuration.transport = SocketTransport(configuration: .init(proxy: .none)) }
        #else
        if overSockets { print("  SocketTransport is Linux only"); return 1 }
        #endif
        print("  transport: \(overSockets ? "SocketTransport" : "URLSessionTransport")")
        let client = NetworkClient(baseURL: baseURL, configuration: configuration)
        let tally = Tally()
        await requestChecks(client, tally)
        await responseChecks(client, tally)
        print("\(tally.passed) passed, \(tally.failed) failed")
        return tally.failed
    }

    /// Counts the checks' outcomes and prints each.
    final class Tally {
        var passed = 0
        var failed = 0

        func check(_ name: String, _ body: () async throws -> Bool) async {
            do {
                if try await body() {
                    passed += 1
                    print("PASS \(name)")
                } else {
                    failed += 1
                    print("FAIL \(name)")
                }
            } catch {
                failed += 1
                print("FAIL \(name): \(error)")
            }
        }
    }

    /// What goes out: query DTOs, JSON, form and multipart bodies, methods.
    static func requestChecks(_ client: NetworkClient, _ tally: Tally) async {
        await tally.check("GET query DTO (spaces, +, arrays)") {
            let search = Search(q: "kim lee+1&x", tags: ["a", "b"], page: 2)
            let echo = try await client.send(Request(path: "/get", query: search).decoding(Echo.self))
            return echo.args?["q"] == .one("kim lee+1&x") && echo.args?["page"] == .one("2")
                && echo.args?["tags[0]"] == .one("a") && echo.args?["tags[1]"] == .one("b")
        }
        await tally.check("POST JSON body") {
            let order = Order(item: "book", quantity: 3, note: "ünïcödé")
            let echo = try await client.send(Request(method: .post, path: "/post", body: .json(order)).decoding(Echo.self))
            return echo.json == ["item": "book", "quantity": 3, "note": "ünïcödé"]
                && echo.headers?["Content-Type"]?.hasPrefix("application/json") == true
        }
        await tally.check("POST form body") {
            let order = Order(item: "tea & cake", quantity: 2, note: "a+b c")
            let echo = try await client.send(Request(method: .post, path: "/post", body: .form(order)).decoding(Echo.self))
            return echo.form?["item"] == .one("tea & cake") && echo.form?["note"] == .one("a+b c") && echo.form?["quantity"] == .one("2")
        }
        await tally.check("POST multipart (text, data and file parts)") {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-httpbin-\(UUID().uuidString).txt")
            try Data("file part contents".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var form = MultipartFormData()
            form.append("kim", name: "name")
            form.append(Data("raw bytes".utf8), name: "blob", filename: "blob.bin", contentType: "application/octet-stream")
            form.append(fileAt: file, name: "document", filename: "doc.txt", contentType: "text/plain")
            let echo = try await client.send(Request(method: .post, path: "/post", body: .multipart(form)).decoding(Echo.self))
            return echo.form?["name"] == .one("kim") && echo.files?["blob"] == "raw bytes"
                && echo.files?["document"] == "file part contents"
        }
        await tally.check("PUT, PATCH and DELETE") {
            let put = try await client.send(Request(method: .put, path: "/put", body: .json(["a": 1])).decoding(Echo.self))
            let patch = try await client.send(Request(method: .patch, path: "/patch", body: .json(["b": 2])).decoding(Echo.self))
            let delete = try await client.send(Request(method: .delete, path: "/delete").decoding(Echo.self))
            return put.json == ["a": 1] && patch.json == ["b": 2] && delete.url?.hasSuffix("/delete") == true
        }
    }

    /// What comes back: headers, gzip, redirects, auth, statuses, HEAD, downloads.
    static func responseChecks(_ client: NetworkClient, _ tally: Tally) async {
        await tally.check("custom and default headers") {
            let echo = try await client.send(Request(path: "/headers", headers: ["X-Courier-Test": "yes"]).decoding(Echo.self))
            return echo.headers?["X-Courier-Test"] == "yes" && echo.headers?["User-Agent"] == "courier-httpbin-check"
        }
        await tally.check("gzip response is decompressed") {
            let echo = try await client.send(Request(path: "/gzip").decoding(Echo.self))
            return echo.gzipped == true
        }
        await tally.check("redirects are followed (relative and absolute), with their history") {
            let relative = try await client.response(Request(path: "/relative-redirect/3").decoding(Echo.self))
            let absolute = try await client.response(Request(path: "/absolute-redirect/2").decoding(Echo.self))
            return relative.url?.path == "/get" && absolute.url?.path == "/get"
                && relative.redirects.count == 3 && absolute.redirects.count == 2
        }
        await tally.check("basic auth with credentials") {
            let credentials = Data("user:passwd".utf8).base64EncodedString()
            let auth = try await client.send(Request(path: "/basic-auth/user/passwd", headers: ["Authorization": "Basic \(credentials)"]).decoding(Auth.self))
            return auth.authenticated && auth.user == "user"
        }
        await tally.check("basic auth without credentials returns 401 (no hang)") {
            do {
                _ = try await client.response(Request(path: "/basic-auth/user/passwd").decoding(Data.self))
                return false
            } catch NetworkError.httpStatus(let failure) {
                return failure.statusCode == 401
            }
        }
        await tally.check("status codes: 418 fails typed, 204 decodes empty, 404 accepted when allowed") {
            var teapot = false
            do { _ = try await client.response(Request(path: "/status/418").decoding(Data.self)) } catch NetworkError.httpStatus(let failure) { teapot = failure.statusCode == 418 }
            let empty = try await client.response(Request(path: "/status/204").decoding(EmptyResponse.self))
            let allowed = try await client.response(Request(path: "/status/404", acceptableStatusCodes: [404]).decoding(Data.self))
            return teapot && empty.statusCode == 204 && allowed.statusCode == 404
        }
        await tally.check("HEAD decodes into EmptyResponse") {
            let head = try await client.response(Request(method: .head, path: "/get").decoding(EmptyResponse.self))
            return head.statusCode == 200
        }
        await tally.check("download to file") {
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("courier-httpbin-\(UUID().uuidString).bin")
            defer { try? FileManager.default.removeItem(at: destination) }
            let task = client.download(Request(path: "/bytes/65536"), to: destination)
            var last: TransferProgress?
            for await progress in task.progress { last = progress }
            let response = try await task.value
            let size = try FileManager.default.attributesOfItem(atPath: response.value.path)[.size] as? NSNumber
            return size?.intValue == 65536 && (last == nil || last?.completedBytes == 65536)
        }
        await tally.check("response headers are readable") {
            let response = try await client.response(Request(path: "/response-headers", query: ["X-Courier": "echoed"]).decoding(Data.self))
            return response.headers["X-Courier"] == "echoed"
        }
    }
}
