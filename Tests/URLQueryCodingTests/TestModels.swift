import Foundation
import URLQueryCoding

// Small models shared by the URLQueryCoding tests.

struct User: Codable, Equatable {
    var name: String
    var age: Int
}

struct Params: Codable, Equatable {
    var user: User
    var tags: [String]
}

struct Tagged: Codable, Equatable {
    var tags: [String]
}

struct Filter: Codable, Equatable {
    struct Inner: Codable, Equatable { var ids: [Int] }
    var filter: Inner
}

struct Wrapper<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
}

struct OptionalFields: Codable, Equatable {
    var a: String?
    var b: Int?
    var c: String
}

struct Empties: Codable, Equatable {
    struct Nothing: Codable, Equatable {}
    var nothing: Nothing
    var list: [Int]
    var name: String
}

/// Encodes a value and renders its items as `name=value` joined with `&` (unescaped, as the spec shows).
func unescaped<T: Encodable>(_ value: T, _ encoder: URLQueryEncoder = URLQueryEncoder(), rootKey: String? = nil) throws -> String {
    try encoder.encode(value, rootKey: rootKey).map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
}

/// A deterministic pseudo-random generator (SplitMix64) so generated test inputs repeat run to run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
