import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `HTTPStateFuzzCheck` (`Set-Cookie` and the cookie store, the
/// cache headers and freshness, HTTP and cookie dates) under libFuzzer.
@_cdecl("FuzzHTTPState_main")
public func fuzzHTTPStateMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzHTTPState", argc: argc, argv: argv) { data, count in
        HTTPStateFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
