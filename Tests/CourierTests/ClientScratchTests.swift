import Courier
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct ClientScratchTests {
    let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:18777")!, configuration: .init(timeout: 1, retryPolicy: .never, maximumResponseSize: 10_000))
    @Test func basic401() async throws {
        let r = await Result(catching: { try await client.data(Call(path: "/basic401")) })
        print("BASIC401", r)
    }
    @Test func redirects() async throws {
        print("REDIR3", await Result(catching: { try await client.send(Call(path: "/redirect/3"), decoding: String.self) }))
        print("REDIR12", await Result(catching: { try await client.data(Call(path: "/redirect/12")).statusCode }))
    }
    @Test func slow() async throws {
        print("SLOW", await Result(catching: { try await client.data(Call(path: "/slow")) }))
    }
    @Test func cut() async throws {
        let c = NetworkClient(baseURL: URL(string: "http://127.0.0.1:18777")!, configuration: .init(timeout: 5, retryPolicy: .never))
        do { _ = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:18777/cut")!) } catch { let e = error as NSError; print("CUTRAW", e.code, e.userInfo) }
        print("CUT", await Result(catching: { try await c.data(Call(path: "/cut")) }))
    }
    @Test func big() async throws {
        print("BIG", await Result(catching: { try await client.data(Call(path: "/big")) }))
    }
    @Test func refused() async throws {
        let c = NetworkClient(baseURL: URL(string: "http://127.0.0.1:1")!, configuration: .init(retryPolicy: .never))
        print("REFUSED", await Result(catching: { try await c.data(Call(path: "/")) }))
    }
    @Test func uploads() async throws {
        let data = Call(method: .post, path: "/p", body: RequestBody(RawBody(contentType: "text/plain", body: .data(Data("hello".utf8)))))
        print("UPDATA", await Result(catching: { try await client.send(data, decoding: [String: JSONValue].self) }))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-up")
        try Data(count: 300_000).write(to: file)
        let f = Call(method: .post, path: "/p", body: RequestBody(RawBody(contentType: "application/octet-stream", body: .file(file))))
        let t = client.upload(f, decoding: [String: JSONValue].self)
        let pr = Task { var n = 0; var last: TransferProgress?; for await p in t.progress { n += 1; last = p }; return (n, last) }
        print("UPFILE", await Result(catching: { try await t.value.value }), await pr.value)
        let s = Call(method: .post, path: "/p", body: RequestBody(RawBody(contentType: "application/octet-stream", body: .stream(GeneratedSource(count: 200_000)))))
        print("UPSTREAM", await Result(catching: { try await client.send(s, decoding: [String: JSONValue].self) }))
    }
    @Test func download() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-down")
        let t = client.download(Call(path: "/big"), to: file)
        let pr = Task { var n = 0; var last: TransferProgress?; for await p in t.progress { n += 1; last = p }; return (n, last) }
        print("DOWN", await Result(catching: { try await t.value }), await pr.value, (try? Data(contentsOf: file))?.count ?? -1)
        let t2 = client.download(Call(path: "/basic401"), to: file)
        print("DOWN401", await Result(catching: { try await t2.value }), FileManager.default.fileExists(atPath: file.path))
    }
}

enum JSONValue: Decodable, Sendable { case s(String), i(Int), n
  init(from d: any Decoder) throws { let c = try d.singleValueContainer(); if let i = try? c.decode(Int.self) { self = .i(i) } else if let s = try? c.decode(String.self) { self = .s(s) } else { self = .n } } }
