@testable import Courier
import Foundation
import Testing

/// A `CookieJar` kept in a file: reloads what it wrote, keeps session cookies out of it, writes atomically, and
/// refuses a truncated or corrupt file with a typed error.
@Suite struct CookieJarPersistenceTests {
    let directory: URL
    let file: URL

    init() throws {
        directory = try temporaryDirectory()
        file = directory.appendingPathComponent("cookies.json")
    }

    func jar(now: Date = cookieNow) throws -> CookieJar {
        try CookieJar(store: fixtureStore(), persistingTo: file, now: now)
    }

    @Test func aReloadedJarHasThePersistentCookies() async throws {
        let first = try jar()
        first.store("persistent=1; Max-Age=3600; Path=/p; Secure; HttpOnly; SameSite=Strict", from: url("https://www.example.com/"), now: cookieNow)
        first.store("domain=1; Domain=example.com; Expires=Wed, 01 Jan 2025 00:00:00 GMT", from: url("https://www.example.com/"), now: cookieNow)
        first.store("session=1", from: url("https://www.example.com/"), now: cookieNow)
        await first.flush()
        #expect(first.persistenceError == nil)

        let second = try jar(now: cookieNow + 10)
        let expected = first.cookies(at: cookieNow + 10).filter { $0.expires != nil }
        #expect(expected.count == 2)
        #expect(second.cookies(at: cookieNow + 10) == expected)
        #expect(second.cookieHeader(for: url("https://www.example.com/p/x"), now: cookieNow + 10) == "persistent=1; domain=1")
    }

    @Test func everyChangeIsWrittenAndNoTemporaryFileStays() async throws {
        let first = try jar()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        for index in 0..<20 {
            first.store("c\(index)=1; Max-Age=3600", from: url("https://example.com/"), now: cookieNow)
        }
        first.store("c3=; Max-Age=0", from: url("https://example.com/"), now: cookieNow)
        await first.flush()
        #expect(try jar().cookies(at: cookieNow).count == 19)
        first.removeAll()
        await first.flush()
        #expect(try jar().cookies(at: cookieNow).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cookies.json"])
    }

    @Test func cookiesExpiredOnDiskAreDroppedOnLoading() async throws {
        let first = try jar()
        first.store("short=1; Max-Age=60", from: url("https://example.com/"), now: cookieNow)
        first.store("long=1; Max-Age=6000", from: url("https://example.com/"), now: cookieNow)
        await first.flush()
        #expect(try jar(now: cookieNow + 61).cookies(at: cookieNow + 61).map(\.name) == ["long"])
    }

    @Test(arguments: [0.0, 0.5, 0.9]) func aTruncatedFileIsATypedError(keeping fraction: Double) async throws {
        let first = try jar()
        for index in 0..<5 { first.store("c\(index)=value\(index); Max-Age=3600", from: url("https://example.com/"), now: cookieNow) }
        await first.flush()
        let data = try Data(contentsOf: file)
        try data.prefix(Int(Double(data.count) * fraction)).write(to: file)
        #expect {
            _ = try jar()
        } throws: { error in
            guard case .corruptFile(let path, _) = error as? CookieJarError else { return false }
            return path == file.path
        }
        // The refused file is left as it was.
        #expect(try Data(contentsOf: file) == data.prefix(Int(Double(data.count) * fraction)))
    }

    static let bogusSameSite = #"{"version":1,"cookies":[{"name":"a","value":"1","domain":"example.com","path":"/","#
        + #""expires":2000000000,"secure":false,"httpOnly":false,"sameSite":"bogus","hostOnly":true,"created":0,"#
        + #""lastAccess":0,"sequence":0}]}"#

    @Test(arguments: ["not json", #"{"version":2,"cookies":[]}"#, #"{"version":1}"#, "[]", bogusSameSite])
    func aFileOfAnotherFormatIsATypedError(_ text: String) throws {
        try Data(text.utf8).write(to: file)
        #expect(throws: CookieJarError.self) { _ = try jar() }
    }

    @Test func aDirectoryInPlaceOfTheFileIsUnreadable() throws {
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect {
            _ = try jar()
        } throws: { error in
            if case .unreadableFile = error as? CookieJarError { true } else { false }
        }
    }

    @Test func aFailedWriteIsReportedAndTheCookieKept() async throws {
        let missing = directory.appendingPathComponent("no-such-directory/cookies.json")
        let jar = try CookieJar(store: fixtureStore(), persistingTo: missing, now: cookieNow)
        jar.store("a=1; Max-Age=60", from: url("https://example.com/"), now: cookieNow)
        await jar.flush()
        guard case .writeFailed(let path, _) = jar.persistenceError else {
            Issue.record("no write error: \(String(describing: jar.persistenceError))")
            return
        }
        #expect(path == missing.path)
        #expect(jar.cookieHeader(for: url("https://example.com/"), now: cookieNow) == "a=1")
        // Once the directory exists, the next change writes everything.
        try FileManager.default.createDirectory(at: missing.deletingLastPathComponent(), withIntermediateDirectories: true)
        jar.store("b=1; Max-Age=60", from: url("https://example.com/"), now: cookieNow)
        await jar.flush()
        #expect(jar.persistenceError == nil)
        let reloaded = try CookieJar(store: fixtureStore(), persistingTo: missing, now: cookieNow)
        #expect(reloaded.cookies(at: cookieNow).map(\.name) == ["a", "b"])
    }

    @Test func theErrorsDescribeThemselves() {
        #expect(CookieJarError.corruptFile(path: "/x", reason: "r").description == "The cookie file /x is corrupt: r")
        #expect(CookieJarError.unreadableFile(path: "/x", reason: "r").description == "The cookie file /x cannot be read: r")
        #expect(CookieJarError.writeFailed(path: "/x", reason: "r").description == "The cookie file /x cannot be written: r")
    }
}
