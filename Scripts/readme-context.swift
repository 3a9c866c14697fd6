// The surroundings every ```swift block of README.md may assume, as a real app would provide them.
// Scripts/interop-readme.sh compiles each README block in its own module that imports this one.
import Foundation
import Courier
import CourierTesting

/// A user as the samples' server sends it.
public struct User: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The embedded test server the testing samples script.
public let server = MockWebServer()
