import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `HPACKFuzzCheck` (the HPACK decoder on any blocks, its
/// output re-encoded and decoded again; the Huffman decoder on any string) under libFuzzer.
@_cdecl("FuzzHPACK_main")
public func fuzzHPACKMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzHPACK", argc: argc, argv: argv) { data, count in
        HPACKFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
