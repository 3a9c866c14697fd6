import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `RequestURLFuzzCheck` under libFuzzer.
@_cdecl("FuzzRequestURL_main")
public func fuzzRequestURLMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzRequestURL", argc: argc, argv: argv) { data, count in
        RequestURLFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
