import Testing
@testable import CourierTesting

@Test func CourierTestingModuleBuilds() {
    #expect(Bool(true))
}
