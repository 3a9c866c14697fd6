import Foundation
import Testing
import URLQueryCoding

/// The wire output starts in a 1 KiB buffer and moves to a larger one when it outgrows it: outputs on
/// either side of that size, with the move happening inside a name, a plain run or an escape, must be
/// exactly what the percent-encoding helpers give.
@Suite struct URLQueryEncoderOutputSizeTests {
    struct Pair: Encodable {
        let name: String
        let value: String
    }

    static let lengths = Array(1000...1030) + [2047, 2048, 2049, 5000]

    @Test(arguments: lengths) func outputAroundTheBufferSizeIsExact(_ length: Int) throws {
        for filler in ["x", "é", "a b", "&"] {
            let text = String(String(repeating: filler, count: length).prefix(length))
            let value = Pair(name: "n", value: text)
            let query = try URLQueryEncoder().encodeQueryString(value)
            #expect(query == "name=n&value=" + PercentEncoding.encodeQueryComponent(text))
            let form = try URLQueryEncoder().encodeFormBody(value)
            #expect(String(decoding: form, as: UTF8.self) == "name=n&value=" + PercentEncoding.encodeFormComponent(text))
            let nested = try URLQueryEncoder().encodeQueryString(["k": value])
            #expect(nested == "k%5Bname%5D=n&k%5Bvalue%5D=" + PercentEncoding.encodeQueryComponent(text))
        }
    }

    struct Row: Encodable {
        let id: Int
        let tag: String
    }

    struct Table: Encodable {
        let rows: [Row]
        let ids: [Int]

        init(count: Int) {
            rows = (0..<count).map { Row(id: $0, tag: "t\($0)") }
            ids = Array(0..<count)
        }

        /// The wire form, written out independently of the encoder.
        var expected: String {
            let ids = self.ids.enumerated().map { "ids%5B\($0.offset)%5D=\($0.element)" }
            let rows = self.rows.enumerated().map {
                "rows%5B\($0.offset)%5D%5Bid%5D=\($0.element.id)&rows%5B\($0.offset)%5D%5Btag%5D=\($0.element.tag)"
            }
            return (ids + rows).joined(separator: "&")
        }
    }

    /// Trees of over 1,024 nodes, entries or elements leave their memory to the next `encode` call of the
    /// same encoder: sizes above and below that, in turn, each encode exactly.
    @Test func largeTreesOneAfterAnotherAreExact() throws {
        let encoder = URLQueryEncoder()
        for count in [3000, 10, 5000, 1100, 3000, 0] {
            let table = Table(count: count)
            #expect(try encoder.encodeQueryString(table) == table.expected, "\(count) rows")
        }
    }

    /// One encoder used from several tasks at once, each with a large tree.
    @Test func largeTreesAtOnceAreExact() async {
        let encoder = URLQueryEncoder()
        let tables = [1500, 2500, 4000, 1025].map(Table.init(count:))
        let allExact = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                let table = tables[index % tables.count]
                group.addTask { (try? encoder.encodeQueryString(table)) == table.expected }
            }
            var allExact = true
            for await exact in group { allExact = allExact && exact }
            return allExact
        }
        #expect(allExact)
    }
}
