import Testing
@testable import URLQueryCoding

@Test func URLQueryCodingModuleBuilds() {
    #expect(Bool(true))
}
