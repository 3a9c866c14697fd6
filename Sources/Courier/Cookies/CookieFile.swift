import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `CookieJar`'s file: JSON holding the persistent cookies (those with an expiry; session cookies end with the
/// jar), written whole and atomically — a temporary file beside it, flushed to disk, then renamed over it — so a
/// crash leaves the old file or the new one, never a mix.
package enum CookieFile {
    /// The format version written and accepted.
    static let version = 1

    struct Contents: Codable {
        var version: Int
        var cookies: [Record]
    }

    /// One cookie as stored; dates as seconds since 1970.
    struct Record: Codable {
        var name: String
        var value: String
        var domain: String
        var path: String
        var expires: Double
        var secure: Bool
        var httpOnly: Bool
        var sameSite: String?
        var hostOnly: Bool
        var created: Double
        var lastAccess: Double
        var sequence: UInt64
    }

    /// The entries in the file at `url`; none when there is no file.
    package static func load(_ url: URL) throws(CookieJarError) -> [CookieStore.Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return [] }
            throw .unreadableFile(path: url.path, reason: "\(error)")
        }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw .corruptFile(path: url.path, reason: "not a complete cookie file (\(data.count) bytes): \(error)")
        }
        guard contents.version == version else {
            throw .corruptFile(path: url.path, reason: "unsupported version \(contents.version)")
        }
        return try contents.cookies.map { record throws(CookieJarError) in
            var sameSite: Cookie.SameSite?
            if let raw = record.sameSite {
                guard let value = Cookie.SameSite(rawValue: raw) else {
                    throw .corruptFile(path: url.path, reason: "unknown SameSite value \(raw)")
                }
                sameSite = value
            }
            let cookie = Cookie(
                name: record.name, value: record.value, domain: record.domain, path: record.path,
                expires: Date(timeIntervalSince1970: record.expires), isSecure: record.secure, isHTTPOnly: record.httpOnly,
                sameSite: sameSite, isHostOnly: record.hostOnly, created: Date(timeIntervalSince1970: record.created))
            return CookieStore.Entry(
                cookie: cookie, lastAccess: Date(timeIntervalSince1970: record.lastAccess), sequence: record.sequence)
        }
    }

    /// Writes the persistent cookies among `entries` to `url`, replacing the file atomically.
    package static func write(_ entries: [CookieStore.Entry], to url: URL) throws(CookieJarError) {
        let records = entries.compactMap { entry -> Record? in
            guard let expires = entry.cookie.expires else { return nil }
            let cookie = entry.cookie
            return Record(
                name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path,
                expires: expires.timeIntervalSince1970, secure: cookie.isSecure, httpOnly: cookie.isHTTPOnly,
                sameSite: cookie.sameSite?.rawValue, hostOnly: cookie.isHostOnly, created: cookie.created.timeIntervalSince1970,
                lastAccess: entry.lastAccess.timeIntervalSince1970, sequence: entry.sequence)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(Contents(version: version, cookies: records))
        } catch {
            throw .writeFailed(path: url.path, reason: "\(error)")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        do {
            try writeSynced(data, to: temporary)
        } catch {
            unlink(temporary)
            throw .writeFailed(path: url.path, reason: error.reason)
        }
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .writeFailed(path: url.path, reason: reason)
        }
    }

    struct SystemError: Error {
        var reason: String
        init(_ operation: String) { reason = "\(operation): \(String(cString: strerror(errno)))" }
    }

    /// Creates `path` (it must not exist), writes `data` and flushes it to disk before closing.
    private static func writeSynced(_ data: Data, to path: String) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw SystemError("open") }
        defer { close(descriptor) }
        // The pointer is used only inside the closure, while `data` keeps its bytes alive.
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw SystemError("write") }
        guard fsync(descriptor) == 0 else { throw SystemError("fsync") }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
