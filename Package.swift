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
        .library(name: "CourierSockets", targets: ["CourierSockets"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "HTTPIDLCore", targets: ["HTTPIDLCore"]),
        .executable(name: "httpidl", targets: ["httpidl"]),
        .plugin(name: "HTTPIDLPlugin", targets: ["HTTPIDLPlugin"]),
    ],
    targets: [
        .target(name: "URLQueryCoding"),
        .target(name: "FlexibleDecoding"),
        // The HTTP model and the transport contract, below both the client and the socket transport.
        .target(name: "CourierHTTP", dependencies: ["URLQueryCoding"]),
        // On Linux the client's default transport is SocketTransport, so Courier depends on it there.
        .target(
            name: "Courier",
            dependencies: [
                "CourierHTTP", "URLQueryCoding", "FlexibleDecoding",
                .target(name: "CourierSockets", condition: .when(platforms: [.linux])),
            ]
        ),

        // SocketTransport: Courier's own HTTP/1.1 engine on POSIX sockets. OpenSSL and zlib are used on Linux
        // only (the official Swift images ship them), so Apple builds keep no C dependency.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CSocketSupport"),
        .target(
            name: "CourierSockets",
            dependencies: [
                "CourierHTTP",
                "CSocketSupport",
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
                .target(name: "CZlib", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "CourierTesting",
            dependencies: ["Courier", "CourierSockets", .target(name: "COpenSSL", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "HTTPIDLCore"),
        .executableTarget(name: "httpidl", dependencies: ["HTTPIDLCore"]),
        .plugin(name: "HTTPIDLPlugin", capability: .buildTool(), dependencies: ["httpidl"]),
        .executableTarget(
            name: "courier-bench",
            dependencies: ["Courier", "URLQueryCoding", "FlexibleDecoding", "CourierTesting", "CourierSockets", "HTTPIDLCore"]
        ),

        // libFuzzer targets, built and run by Scripts/fuzz.sh (-sanitize=fuzzer,address -D COURIER_FUZZING).
        // In a plain build they only print how to run them.
        .target(name: "CLibFuzzer", path: "Sources/Fuzz/CLibFuzzer"),
        .target(name: "FuzzingSupport", dependencies: ["CLibFuzzer"], path: "Sources/Fuzz/FuzzingSupport"),
        .executableTarget(name: "FuzzHTTPIDL", dependencies: ["FuzzingSupport", "HTTPIDLCore"], path: "Sources/Fuzz/FuzzHTTPIDL"),
        .executableTarget(
            name: "FuzzURLQueryDecoder", dependencies: ["FuzzingSupport", "URLQueryCoding"], path: "Sources/Fuzz/FuzzURLQueryDecoder"
        ),
        .executableTarget(
            name: "FuzzFlexibleJSON", dependencies: ["FuzzingSupport", "FlexibleDecoding", "Courier"], path: "Sources/Fuzz/FuzzFlexibleJSON"
        ),
        .executableTarget(name: "FuzzRequestURL", dependencies: ["FuzzingSupport", "Courier"], path: "Sources/Fuzz/FuzzRequestURL"),
        .executableTarget(
            name: "FuzzOpenAPIImport", dependencies: ["FuzzingSupport", "HTTPIDLCore"], path: "Sources/Fuzz/FuzzOpenAPIImport"
        ),
        .executableTarget(
            name: "FuzzHTTP1Parser", dependencies: ["FuzzingSupport", "CourierSockets"], path: "Sources/Fuzz/FuzzHTTP1Parser"
        ),
        .executableTarget(
            name: "FuzzServerSentEvents", dependencies: ["FuzzingSupport", "Courier"], path: "Sources/Fuzz/FuzzServerSentEvents"
        ),
        .executableTarget(
            name: "FuzzHTTPState", dependencies: ["FuzzingSupport", "Courier", "CourierHTTP"], path: "Sources/Fuzz/FuzzHTTPState"
        ),

        .executableTarget(name: "courier-demo", dependencies: ["Courier", "CourierTesting"], plugins: ["HTTPIDLPlugin"]),

        .testTarget(name: "URLQueryCodingTests", dependencies: ["URLQueryCoding"]),
        .testTarget(name: "FlexibleDecodingTests", dependencies: ["FlexibleDecoding"]),
        .testTarget(name: "CourierTests", dependencies: ["Courier", "CourierSockets", "CourierTesting"]),
        .testTarget(name: "CourierTestingTests", dependencies: ["Courier", "CourierTesting"]),
        .testTarget(name: "CourierSocketsTests", dependencies: ["Courier", "CourierSockets", "CourierTesting"]),
        .testTarget(name: "HTTPIDLCoreTests", dependencies: ["HTTPIDLCore", "CourierTesting"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
