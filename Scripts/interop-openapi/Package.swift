// swift-tools-version:6.0
import PackageDescription

/// A client generated at build time by the HTTPIDLPlugin straight from OpenAPI documents
/// (`styles.openapi.yaml`, and `petstore.openapi.yaml` copied in by Scripts/interop-openapi.sh).
let package = Package(
    name: "OpenAPISample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Courier", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "OpenAPISample",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
            ],
            plugins: [.plugin(name: "HTTPIDLPlugin", package: "Courier")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
