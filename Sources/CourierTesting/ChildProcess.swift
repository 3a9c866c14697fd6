import CourierHTTP
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command-line tool (curl, openssl, the httpidl CLI) from a test, safely beside the tests running in
/// parallel in the same process:
/// - one launch at a time: Foundation's `Process.run()` on Linux has crashed (a bad pointer in a copy) when
///   launches from several threads overlapped under load;
/// - output read with `read(2)`, retrying `EINTR`: `FileHandle.readDataToEndOfFile()` and `availableData` trap
///   on an interrupted read, and a child's exit (`SIGCHLD`) can interrupt one.
///
/// Blocking: call it from a thread of its own (or a synchronous test), never while other work waits for the
/// same cooperative thread.
///
/// ```swift
/// let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", server.url("/").absoluteString])
/// #expect(result.status == 0)
/// ```
package enum ChildProcess {
    /// What a finished child left.
    package struct Output: Sendable {
        /// Its exit status.
        package let status: Int32
        /// Everything it wrote to standard output.
        package let stdout: Data
        /// Everything it wrote to standard error.
        package let stderr: Data
    }

    private static let launching = NSLock()

    /// Starts `process` (its standard streams already set) while no other test is starting one.
    package static func launch(_ process: Process) throws {
        launching.lock()
        defer { launching.unlock() }
        try process.run()
    }

    /// Runs `executable` with `arguments`, writes `input` to its standard input (none: `/dev/null`), and
    /// collects both outputs until it exits.
    package static func run(_ executable: URL, _ arguments: [String], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = input.map { _ in Pipe() }
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin ?? FileHandle.nullDevice
        try launch(process)
        // stdin and stderr on threads of their own, so that a child filling one pipe never waits on another.
        let done = DispatchSemaphore(value: 0)
        let errors = LockedState(Data())
        Thread.detachNewThread {
            errors.withLock { $0 = readToEnd(stderr.fileHandleForReading.fileDescriptor) }
            done.signal()
        }
        if let stdin, let input {
            Thread.detachNewThread {
                writeAll(input, to: stdin.fileHandleForWriting.fileDescriptor)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let output = readToEnd(stdout.fileHandleForReading.fileDescriptor)
        done.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: output, stderr: errors.withLock { $0 })
    }

    /// Waits for what `descriptor` has and returns up to `maximum` bytes of it; empty at the end of the stream
    /// (or on an error other than `EINTR`, which is retried).
    package static func read(_ descriptor: Int32, maximum: Int = 64 << 10) -> Data {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, maximum) }
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Reads `descriptor` to the end of its stream.
    package static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        while true {
            let chunk = read(descriptor)
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }

    /// Writes all of `data` to `descriptor`, retrying `EINTR`; stops early if the reader went away.
    private static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            // Safe: `offset` stays below `bytes.count`, so the pointer is inside the buffer (and non-nil).
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    #if canImport(Glibc)
    private static let systemRead = Glibc.read
    private static let systemWrite = Glibc.write
    #else
    private static let systemRead = Darwin.read
    private static let systemWrite = Darwin.write
    #endif
}
