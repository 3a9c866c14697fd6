// swift-tools-version:6.0
import PackageDescription

/// Courier: type-safe HTTP networking for Swift on Linux and Apple platforms.
/// Zero dependencies beyond the Swift toolchain.
let package = Package(
    name: "Courier",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "URLQueryCoding", targets: ["URLQueryCoding"]),
        .library(name: "FlexibleDecoding", targets: ["FlexibleDecoding"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "HTTPIDLCore", targets: ["HTTPIDLCore"]),
        .executable(name: "httpidl", targets: ["httpidl"]),
        .plugin(name: "HTTPIDLPlugin", targets: ["HTTPIDLPlugin"]),
    ],
    targets: [
        .target(name: "URLQueryCoding"),
        .target(name: "FlexibleDecoding"),
        .target(name: "Courier", dependencies: ["URLQueryCoding", "FlexibleDecoding"]),
        .target(name: "CourierTesting", dependencies: ["Courier"]),
        .target(name: "HTTPIDLCore"),
        .executableTarget(name: "httpidl", dependencies: ["HTTPIDLCore"]),
        .plugin(name: "HTTPIDLPlugin", capability: .buildTool(), dependencies: ["httpidl"]),
        .executableTarget(
            name: "courier-bench",
            dependencies: ["Courier", "URLQueryCoding", "FlexibleDecoding", "CourierTesting", "HTTPIDLCore"]
        ),

        .testTarget(name: "URLQueryCodingTests", dependencies: ["URLQueryCoding"]),
        .testTarget(name: "FlexibleDecodingTests", dependencies: ["FlexibleDecoding"]),
        .testTarget(name: "CourierTests", dependencies: ["Courier", "CourierTesting"]),
        .testTarget(name: "CourierTestingTests", dependencies: ["CourierTesting"]),
        .testTarget(name: "HTTPIDLCoreTests", dependencies: ["HTTPIDLCore"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
