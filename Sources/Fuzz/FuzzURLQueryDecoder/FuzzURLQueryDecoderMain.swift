import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `QueryDecoderFuzzCheck` under libFuzzer.
@_cdecl("FuzzURLQueryDecoder_main")
public func fuzzURLQueryDecoderMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzURLQueryDecoder", argc: argc, argv: argv) { data, count in
        QueryDecoderFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
