import Foundation

/// The nested shape fuzzed query strings decode into: every kind of value a query can carry (scalars of each
/// width, optionals, dates, data, URLs, UUIDs, decimals, enums, arrays, dictionaries, objects inside objects
/// and arrays).
struct QueryFuzzModel: Codable, Equatable {
    enum Kind: String, Codable { case plain, fancy_kind }

    struct Inner: Codable, Equatable {
        var name: String
        var count: Int8?
        var flags: [Bool]?
        var deeper: [String: [UInt16]]?
    }

    var id: Int
    var title: String?
    var ratio: Double?
    var small: Float?
    var big: UInt64?
    var kind: Kind?
    var when: Date?
    var blob: Data?
    var tags: [String]?
    var numbers: [Int32]?
    var inner: Inner?
    var list: [Inner]?
    var table: [String: String]?
    var grid: [[Int]]?
    var snake_case_key: Bool?
    // Read through Foundation (`URL(string:)`, `UUID(uuidString:)`, `Decimal(string:)`): fuzzed as well.
    var link: URL?
    var token: UUID?
    var amount: Decimal?
}
