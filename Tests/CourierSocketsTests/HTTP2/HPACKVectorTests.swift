import Foundation
import Testing
@testable import CourierSockets

/// The hpack-test-case vectors (`../shared/hpack-test-case`, see its SOURCES.md): every story of every folder
/// decoded in order with one decoder per story, and `raw-data`'s header lists encoded with one encoder per
/// story and decoded back with a fresh decoder.
@Suite("HPACK: hpack-test-case vectors")
struct HPACKVectorTests {
    /// The folder beside the repository's checkout.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/hpack-test-case").standardizedFileURL

    static let encodedFolders = ["nghttp2", "nghttp2-change-table-size", "python-hpack", "node-http2-hpack"]

    struct Case {
        var tableSize: Int?
        var wire: [UInt8]?
        var headers: [HPACKHeaderField]
    }

    /// The stories of `folder`, by file name, in order; nil (and an issue recorded) when the folder is absent.
    static func stories(_ folder: String) throws -> [(name: String, cases: [Case])]? {
        let url = directory.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            Issue.record("the HPACK vectors are missing: no folder \(url.path)")
            return nil
        }
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            let data = try Data(contentsOf: url.appendingPathComponent(name))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let cases = try #require(json["cases"] as? [[String: Any]])
            return (name, try cases.map(parse))
        }
    }

    static func parse(_ json: [String: Any]) throws -> Case {
        let headers = try #require(json["headers"] as? [[String: String]])
        return Case(
            tableSize: json["header_table_size"] as? Int,
            wire: (json["wire"] as? String).map(Hex.bytes),
            headers: try headers.map { pair in
                let (name, value) = try #require(pair.first)
                return HPACKHeaderField(name, value)
            }
        )
    }

    static func plain(_ fields: [HPACKHeaderField]) -> [String] { fields.map { "\($0.name): \($0.value)" } }

    @Test("every story decodes case by case to its header lists", arguments: encodedFolders)
    func decode(folder: String) throws {
        guard let stories = try Self.stories(folder) else { return }
        #expect(stories.count >= 30)
        var decodedCases = 0
        for story in stories {
            var decoder = HPACKDecoder()
            for (index, vector) in story.cases.enumerated() {
                if let size = vector.tableSize { decoder.setMaxTableSize(size) }
                let wire = try #require(vector.wire, "\(story.name) case \(index) has no wire")
                let fields = try decoder.decode(wire)
                #expect(Self.plain(fields) == Self.plain(vector.headers), "\(folder)/\(story.name) case \(index)")
                decodedCases += 1
            }
        }
        #expect(decodedCases > 0)
    }

    @Test("raw-data's stories encode with one encoder and decode back with a fresh decoder")
    func encodeRawData() throws {
        guard let stories = try Self.stories("raw-data") else { return }
        #expect(stories.count >= 30)
        var encodedBytes = 0
        var plainBytes = 0
        for story in stories {
            var encoder = HPACKEncoder()
            var decoder = HPACKDecoder()
            for (index, vector) in story.cases.enumerated() {
                var block: [UInt8] = []
                encoder.encode(vector.headers, into: &block)
                let fields = try decoder.decode(block)
                #expect(Self.plain(fields) == Self.plain(vector.headers), "raw-data/\(story.name) case \(index)")
                encodedBytes += block.count
                plainBytes += vector.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            }
        }
        // As HTTP/1.1 text ("name: value\r\n") the lists take plainBytes; HPACK must take well under half.
        #expect(encodedBytes * 10 < plainBytes * 4, "encoded \(encodedBytes) octets for \(plainBytes) of HTTP/1.1 text")
    }
}
