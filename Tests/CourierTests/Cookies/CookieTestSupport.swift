@testable import Courier
import Foundation

/// The instant the cookie tests run at: 2023-11-14 22:13:20 UTC.
let cookieNow = Date(timeIntervalSince1970: 1_700_000_000)

/// A UTC date from its parts, computed by Foundation's calendar (an oracle independent of `CookieDate`).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

/// A small public suffix list in the file's format, for tests that must not depend on the system's list.
let fixtureSuffixText = """
    // ===BEGIN ICANN DOMAINS===
    com
    uk
    co.uk
    jp
    // wildcard with exceptions
    *.ck
    !www.ck
    *.kawasaki.jp
    !city.kawasaki.jp
    中国
    // ===BEGIN PRIVATE DOMAINS===
    github.io   trailing words are ignored
    """

let fixtureSuffixes = PublicSuffixList(text: fixtureSuffixText)

/// A store with the fixture list.
func fixtureStore(perDomainLimit: Int = CookieStore.perDomainLimit, totalLimit: Int = CookieStore.totalLimit) -> CookieStore {
    CookieStore(publicSuffixes: fixtureSuffixes, perDomainLimit: perDomainLimit, totalLimit: totalLimit)
}

func url(_ text: String) -> URL { URL(string: text)! }

extension CookieStore {
    /// Parses and stores one field.
    @discardableResult
    mutating func receive(_ field: String, from url: String, now: Date = cookieNow) -> Result<Cookie, CookieRejection> {
        SetCookie.parse(field, now: now).flatMap { store($0, from: URL(string: url)!, now: now) }
    }

    /// The `Cookie` header pairs for `url`.
    mutating func header(for url: String, now: Date = cookieNow) -> String {
        cookies(for: URL(string: url)!, now: now, access: true).map(\.headerPair).joined(separator: "; ")
    }
}

/// A fresh directory under the temporary directory.
func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cookies-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
