import CLibFuzzer
import Foundation

/// Runs a fuzz target under libFuzzer, or explains how to when the binary was built without it.
///
/// Each fuzz executable defines `@_cdecl("<Target>_main")` (the symbol SwiftPM makes `main`) and calls
/// `FuzzDriver.run`. `Scripts/fuzz.sh` builds them with `-sanitize=fuzzer,address -D COURIER_FUZZING`;
/// in the plain `swift build` they still compile and link, and only print how to run them.
public enum FuzzDriver {
    /// libFuzzer's per-input callback: the bytes, their count, and 0 (any other value is reserved).
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Hands `argc`/`argv` (libFuzzer flags and corpus folders) to libFuzzer, which calls `callback` for
    /// every input it tries and returns the exit status.
    public static func run(
        target: String,
        argc: Int32,
        argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        callback: Callback
    ) -> Int32 {
        #if COURIER_FUZZING
        var count = argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&count, &arguments, callback)
        #else
        let message = """
            \(target) is a libFuzzer target; this build has no fuzzer linked in.
            Run it with: bash Scripts/fuzz.sh [seconds]

            """
        FileHandle.standardError.write(Data(message.utf8))
        return 2
        #endif
    }

    /// The input as a byte array (libFuzzer passes a null pointer for the empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }

    /// Stops the run with a finding: libFuzzer (under AddressSanitizer) records the input that led here.
    public static func fail(_ message: String, input: [UInt8]) -> Never {
        fatalError("\(message)\ninput: \(input.map { String($0) }.joined(separator: ","))")
    }
}
