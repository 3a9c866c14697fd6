@testable import Courier
import Foundation
import Testing

/// Many tasks storing and reading one jar at once lose nothing, and the file ends with every cookie.
@Suite struct CookieJarConcurrencyTests {
    @Test func manyTasksStoreAndReadOneJar() async throws {
        let file = try temporaryDirectory().appendingPathComponent("cookies.json")
        let jar = try CookieJar(store: fixtureStore(), persistingTo: file, now: cookieNow)
        let hosts = (0..<10).map { "https://h\($0).example.com/" }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<200 {
                group.addTask {
                    let host = hosts[task % hosts.count]
                    var headers = HTTPHeaders()
                    headers.add(name: "Set-Cookie", value: "c\(task)=\(task); Max-Age=3600")
                    headers.add(name: "Set-Cookie", value: "s\(task % 20)=\(task)")
                    jar.receive(headers, from: url(host), now: cookieNow)
                    _ = jar.cookieHeader(for: url(host), now: cookieNow)
                    _ = jar.cookies(at: cookieNow)
                }
            }
        }
        // 20 persistent cookies per host, and the 2 session names of that host.
        for (index, host) in hosts.enumerated() {
            let names = Set(jar.cookies(for: url(host), now: cookieNow).map(\.name))
            let expected = Set((0..<200).filter { $0 % 10 == index }.map { "c\($0)" } + [index, index + 10].map { "s\($0)" })
            #expect(names == expected)
        }
        await jar.flush()
        #expect(jar.persistenceError == nil)
        let reloaded = try CookieJar(store: fixtureStore(), persistingTo: file, now: cookieNow)
        #expect(reloaded.cookies(at: cookieNow).count == 200)
    }
}
