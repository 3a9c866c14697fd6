import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs `ServerSentEventFuzzCheck` (the `text/event-stream` parser, whole
/// and split) under libFuzzer.
@_cdecl("FuzzServerSentEvents_main")
public func fuzzServerSentEventsMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzServerSentEvents", argc: argc, argv: argv) { data, count in
        ServerSentEventFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
