import Foundation
import Testing
import CourierTesting

/// Edge arguments of `MockResponse`'s public helpers.
@Suite struct MockResponseHelperTests {
    /// Found in review: a negative offset made `offset % 251` negative and `UInt8(value)` trap.
    @Test(arguments: [(-1, [250, 0, 1]), (-251, [0, 1, 2]), (-252, [250, 0, 1]), (.min, []), (250, [250, 0, 1])] as [(Int64, [UInt8])])
    func generatedBytesAcceptAnyOffset(_ offset: Int64, _ prefix: [UInt8]) {
        let bytes = MockResponse.generatedBytes(offset: offset, count: 3)
        #expect(bytes.count == 3)
        if !prefix.isEmpty { #expect(Array(bytes) == prefix) }
        // The pattern continues 0…250 whatever the start.
        #expect(zip(bytes, bytes.dropFirst()).allSatisfy { $1 == ($0 == 250 ? 0 : $0 + 1) })
    }

    @Test(arguments: [Int.min, -1, 0])
    func generatedBytesOfNoCountAreEmpty(_ count: Int) {
        #expect(MockResponse.generatedBytes(offset: 0, count: count).isEmpty)
    }
}
