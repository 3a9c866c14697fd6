import Foundation
import Testing
import FlexibleDecoding

/// A file that still carries its private copy of the helper (as the team's convention wrote it) keeps
/// compiling next to the library's public one — the file's own copy shadows it — so DTOs can migrate
/// one file at a time by deleting the copy.
@Suite("Migration")
struct MigrationTests {
    struct NotYetMigratedDTO: Decodable {
        let userId: Int
        private enum CodingKeys: String, CodingKey { case userId }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            userId = try container.decodeIntFlexibleIfPresent(forKey: .userId) ?? 0
        }
    }

    @Test func privateCopyStillCompilesAndShadowsTheLibrary() throws {
        // The old copy silently turns garbage into nil (→ 0); the library's version would throw.
        #expect(try foundation(NotYetMigratedDTO.self, #"{"userId":"12abc"}"#).userId == 0)
        #expect(try foundation(NotYetMigratedDTO.self, #"{"userId":"12"}"#).userId == 12)
    }
}

private extension KeyedDecodingContainer {
    func decodeIntFlexible(forKey key: Key) throws -> Int {
        if let value = try? decode(Int.self, forKey: key) { return value }
        if let value = try? decode(String.self, forKey: key), let intValue = Int(value) { return intValue }
        if let value = try? decode(Double.self, forKey: key), let intValue = Int(exactly: value) { return intValue }
        throw DecodingError.typeMismatch(Int.self, DecodingError.Context(
            codingPath: codingPath + [key], debugDescription: "Expected Int/String-number/Double for key '\(key.stringValue)'"))
    }

    func decodeIntFlexibleIfPresent(forKey key: Key) throws -> Int? {
        if (try? decodeNil(forKey: key)) == true { return nil }
        return try? decodeIntFlexible(forKey: key)
    }
}
