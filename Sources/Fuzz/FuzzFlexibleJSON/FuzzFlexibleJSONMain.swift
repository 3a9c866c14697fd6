import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `FlexibleJSONFuzzCheck` under libFuzzer.
@_cdecl("FuzzFlexibleJSON_main")
public func fuzzFlexibleJSONMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzFlexibleJSON", argc: argc, argv: argv) { data, count in
        FlexibleJSONFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
