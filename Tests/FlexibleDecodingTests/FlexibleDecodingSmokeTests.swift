import Testing
@testable import FlexibleDecoding

@Test func FlexibleDecodingModuleBuilds() {
    #expect(Bool(true))
}
