// swift-tools-version:6.0
import PackageDescription

/// A client whose endpoints are generated at build time from `petstore.http` by the HTTPIDLPlugin.
let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Courier", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PluginSample",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
            ],
            plugins: [.plugin(name: "HTTPIDLPlugin", package: "Courier")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
