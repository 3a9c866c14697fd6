import Testing
@testable import Courier

@Test func CourierModuleBuilds() {
    #expect(Bool(true))
}
