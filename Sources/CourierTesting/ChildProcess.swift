import CourierHTTP
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Child processes exist for tests on Linux and macOS only: iOS, tvOS, watchOS and visionOS have no
// `posix_spawn` for apps (unavailable on tvOS and watchOS, refused by the sandbox elsewhere).
#if os(Linux) || os(macOS)

/// Runs a command-line tool (curl, openssl, the httpidl CLI) from a test, safely beside the tests running in
/// parallel in the same process:
/// - `run` and `start` spawn with `posix_spawn`, not `Process`: Foundation's `Process.run()` on Linux crashed (a
///   bad pointer in a `memcpy`, with descriptor numbers over 1,300 in its registers) while parallel tests held
///   many descriptors, also with launches serialized (the last time in `TLSOpenSSLServerTests`, 1 stress run in
///   8);
/// - output read with `read(2)`, retrying `EINTR`: `FileHandle.readDataToEndOfFile()` and `availableData` trap
///   on an interrupted read, and a child's exit (`SIGCHLD`) can interrupt one.
///
/// `run` blocks until the child exits: from async code (every Swift Testing test, synchronous ones too, runs on
/// the cooperative pool) call `runOffPool`, which waits on a thread of its own. On a 2-core machine two tests
/// blocking in `run` hold the whole pool, and every other test's async work (a `MockWebServer` dispatcher, a
/// continuation to resume) waits for them.
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

    /// A child started by `start`: it runs until it exits or `terminate()` stops it.
    package struct Running {
        /// The child's process ID.
        package let pid: pid_t
        /// The read end of the child's standard output (read it with `read(_:maximum:)`).
        package let output: Int32

        /// Stops the child (`SIGTERM`), waits for it to exit and closes `output`. Call it once.
        package func terminate() {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            close(output)
        }
    }

    /// Starts `executable` with `arguments`, its standard output a pipe the caller reads and its standard input
    /// and error `/dev/null` (for a child a test keeps running, such as a server).
    package static func start(_ executable: URL, _ arguments: [String]) throws -> Running {
        let stdout = try pipePair()
        let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard devNull >= 0 else {
            for descriptor in [stdout.read, stdout.write] { close(descriptor) }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT)
        }
        var actions = emptyActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, devNull, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        let spawned = spawn(executable.path, arguments, &actions)
        for descriptor in [stdout.write, devNull] { close(descriptor) }
        switch spawned {
        case .success(let pid): return Running(pid: pid, output: stdout.read)
        case .failure(let error):
            close(stdout.read)
            throw error
        }
    }

    /// Runs `executable` with `arguments`, writes `input` to its standard input (none: `/dev/null`), and
    /// collects both outputs until it exits. Spawned with `posix_spawn` directly, not through `Process`.
    package static func run(_ executable: URL, _ arguments: [String], input: Data? = nil) throws -> Output {
        let stdin = try pipePair(), stdout = try pipePair(), stderr = try pipePair()
        var actions = emptyActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes are close-on-exec; dup2 gives the child its three ends without that flag.
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        let spawned = spawn(executable.path, arguments, &actions)
        for descriptor in [stdin.read, stdout.write, stderr.write] { close(descriptor) }
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error):
            for descriptor in [stdin.write, stdout.read, stderr.read] { close(descriptor) }
            throw error
        }
        // stdin and stderr on threads of their own, so that a child filling one pipe never waits on another.
        let done = DispatchSemaphore(value: 0)
        let errors = LockedState(Data())
        Thread.detachNewThread {
            errors.withLock { $0 = readToEnd(stderr.read) }
            close(stderr.read)
            done.signal()
        }
        Thread.detachNewThread {
            if let input { writeAll(input, to: stdin.write) }
            close(stdin.write)
        }
        let output = readToEnd(stdout.read)
        close(stdout.read)
        done.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, and 128 + the signal for a child that was killed.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Output(status: exitStatus, stdout: output, stderr: errors.withLock { $0 })
    }

    /// `run` on a thread of its own: the caller's cooperative thread is free while the child runs.
    package static func runOffPool(_ executable: URL, _ arguments: [String], input: Data? = nil) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(executable, arguments, input: input) })
            }
        }
    }

    /// Spawns `path` with `arguments` and this process's environment, one spawn at a time.
    private static func spawn(
        _ path: String, _ arguments: [String], _ actions: inout SpawnActions
    ) -> Result<pid_t, POSIXError> {
        // Unsafe pointers: C copies of the arguments, alive until `posix_spawn` has returned, then freed.
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = launching.withLock { posix_spawn(&pid, path, &actions, nil, argv, envp) }
        guard spawned == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)) }
        return .success(pid)
    }

    /// A pipe whose two ends are close-on-exec.
    private static func pipePair() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
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

    #if canImport(Darwin)
    /// `posix_spawn_file_actions_t` is an opaque pointer on Darwin (initialized by `_init`), a struct on Glibc.
    private typealias SpawnActions = posix_spawn_file_actions_t?
    private static func emptyActions() -> SpawnActions { nil }
    #else
    private typealias SpawnActions = posix_spawn_file_actions_t
    private static func emptyActions() -> SpawnActions { posix_spawn_file_actions_t() }
    #endif

    #if canImport(Glibc)
    private static let systemRead = Glibc.read
    private static let systemWrite = Glibc.write
    #else
    private static let systemRead = Darwin.read
    private static let systemWrite = Darwin.write
    #endif
}
#endif
