import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `HTTP2FramesFuzzCheck` (the HTTP/2 frame decoder, whole and
/// split, and the client connection state machine on the same bytes) under libFuzzer.
@_cdecl("FuzzHTTP2Frames_main")
public func fuzzHTTP2FramesMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzHTTP2Frames", argc: argc, argv: argv) { data, count in
        HTTP2FramesFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
