import Testing
@testable import HTTPIDLCore

@Test func HTTPIDLCoreModuleBuilds() {
    #expect(Bool(true))
}
