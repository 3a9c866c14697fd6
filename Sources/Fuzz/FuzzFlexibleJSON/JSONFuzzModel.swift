import FlexibleDecoding
import Foundation

/// The typed shape fuzzed JSON decodes into: integers of every width (plain, through the property wrappers
/// and through the container helpers), floats, dates, data, enums, optionals, arrays, dictionaries, nesting
/// and a recursive field.
struct JSONFuzzModel: Codable {
    enum Mode: String, Codable { case on, off }

    final class Node: Codable {
        var value: Int16
        var children: [Node]?
    }

    struct Helpers: Decodable {
        var count: Int
        var maybe: Int?

        private enum CodingKeys: String, CodingKey { case count, maybe }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decodeIntFlexible(forKey: .count)
            maybe = try container.decodeIntFlexibleIfPresent(forKey: .maybe)
        }
    }

    var id: Int
    var small: Int8?
    var unsigned: UInt64?
    var wide: Int64?
    var ratio: Double?
    var single: Float?
    var flag: Bool?
    var name: String?
    var mode: Mode?
    var when: Date?
    var blob: Data?
    @FlexibleInt var wrapped: Int32
    @FlexibleOptionalInt var wrappedOptional: UInt8?
    @FlexibleIntArray var wrappedList: [Int]
    var list: [Int?]?
    var table: [String: [Double]]?
    var tree: Node?
}
