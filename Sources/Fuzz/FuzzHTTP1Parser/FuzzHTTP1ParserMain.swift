import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `HTTP1ParserFuzzCheck` (the HTTP/1.1 response parser and
/// the content decoder, whole and split) under libFuzzer.
@_cdecl("FuzzHTTP1Parser_main")
public func fuzzHTTP1ParserMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzHTTP1Parser", argc: argc, argv: argv) { data, count in
        HTTP1ParserFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
