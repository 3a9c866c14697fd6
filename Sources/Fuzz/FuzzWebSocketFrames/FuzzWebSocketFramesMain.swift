import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `WebSocketFramesFuzzCheck` (the frame decoder, message
/// assembler and permessage-deflate inflater, whole and split) under libFuzzer.
@_cdecl("FuzzWebSocketFrames_main")
public func fuzzWebSocketFramesMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzWebSocketFrames", argc: argc, argv: argv) { data, count in
        WebSocketFramesFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
