@testable import Courier
import Foundation
import Testing

/// The public suffix list: its file format and matching rules on a fixture, then the system's list.
@Suite struct PublicSuffixListTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var domain: String
        var isSuffix: Bool
        var testDescription: String { "\(domain): \(isSuffix)" }
        init(_ domain: String, _ isSuffix: Bool) { (self.domain, self.isSuffix) = (domain, isSuffix) }
    }

    static let fixtureRows: [Row] = [
        Row("com", true),
        Row("example.com", false),
        Row("co.uk", true),
        Row("example.co.uk", false),
        Row("foo.ck", true),            // *.ck
        Row("a.foo.ck", false),
        Row("www.ck", false),           // !www.ck
        Row("ck", true),                // one label: the implicit * rule
        Row("other.kawasaki.jp", true),
        Row("city.kawasaki.jp", false),
        Row("kawasaki.jp", false),
        Row("github.io", true),         // private section, trailing words ignored
        Row("user.github.io", false),
        Row("xn--fiqs8s", true),        // 中国, stored as punycode
        Row("example.xn--fiqs8s", false),
        Row("localhost", true),
        Row("com.", true),
        Row("", true),
    ]

    @Test(arguments: fixtureRows) func fixture(_ row: Row) {
        #expect(fixtureSuffixes.isPublicSuffix(row.domain) == row.isSuffix)
    }

    @Test func commentsAndBlankLinesAreNoRules() {
        #expect(fixtureSuffixes.ruleCount == 10)
    }

    @Test func withoutAListFileOnlySingleLabelsAreSuffixes() {
        let list = PublicSuffixList(contentsOfFile: "/nonexistent/public_suffix_list.dat")
        #expect(list.ruleCount == 0)
        #expect(list.isPublicSuffix("com"))
        #expect(list.isPublicSuffix("localhost"))
        #expect(!list.isPublicSuffix("co.uk"))
        #expect(!list.isPublicSuffix("example.com"))
    }

    static let systemRows: [Row] = [
        Row("com", true),
        Row("co.uk", true),
        Row("github.io", true),
        Row("xn--fiqs8s", true),
        Row("example.com", false),
        Row("bbc.co.uk", false),
        Row("www.ck", false),
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: PublicSuffixList.systemPath)), arguments: systemRows)
    func systemList(_ row: Row) {
        #expect(PublicSuffixList.system.ruleCount > 5000)
        #expect(PublicSuffixList.system.isPublicSuffix(row.domain) == row.isSuffix)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: PublicSuffixList.systemPath)))
    func aDefaultJarRefusesTheSystemListsSuffixes() {
        let jar = CookieJar()
        #expect(jar.store("a=1; Domain=co.uk", from: url("https://www.example.co.uk/"), now: cookieNow) == .failure(.publicSuffixDomain))
        #expect(jar.store("a=1; Domain=github.io", from: url("https://kim.github.io/"), now: cookieNow) == .failure(.publicSuffixDomain))
        #expect(jar.store("a=1; Domain=kim.github.io", from: url("https://www.kim.github.io/"), now: cookieNow).map(\.domain) == .success("kim.github.io"))
        #expect(jar.cookies(at: cookieNow).count == 1)
    }
}
