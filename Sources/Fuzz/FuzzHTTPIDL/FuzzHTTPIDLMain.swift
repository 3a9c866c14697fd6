import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `HTTPIDLFuzzCheck` under libFuzzer.
@_cdecl("FuzzHTTPIDL_main")
public func fuzzHTTPIDLMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzHTTPIDL", argc: argc, argv: argv) { data, count in
        HTTPIDLFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
