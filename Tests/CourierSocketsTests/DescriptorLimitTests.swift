#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// At the process's descriptor limit a `send` over `SocketTransport` throws a typed error (its I/O loop cannot get
/// an epoll set or an eventfd) instead of trapping, and works again once descriptors are free.
///
/// The limit is reached in a child process — this test bundle run again with only `childSide` — so that the
/// tests running beside this one keep their descriptors, and so that no I/O loop has started yet.
@Suite(.loopback) struct DescriptorLimitTests {
    static let childVariable = "COURIER_DESCRIPTOR_LIMIT_CHILD"
    static let passMarker = "descriptor-limit child: typed error at the limit, response after"

    @Test func sendAtTheDescriptorLimitThrowsATypedError() async throws {
        let command = "\(Self.childVariable)=1 exec \"$0\" --testing-library swift-testing --filter 'DescriptorLimitTests/childSide'"
        let result = try await ChildProcess.runOffPool(URL(fileURLWithPath: "/bin/sh"), ["-c", command, CommandLine.arguments[0]])
        let output = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        #expect(result.status == 0, "\(output)")
        #expect(output.contains(Self.passMarker), "\(output)")
    }

    /// Runs only in the child: lowers the soft descriptor limit, opens sockets until none is left, sends, then
    /// closes them and sends again.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[DescriptorLimitTests.childVariable] != nil))
    func childSide() async throws {
        let server = MockWebServer()
        try server.start()
        server.enqueue(.text("after"))
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(retryPolicy: .never, transport: SocketTransport.testing()))

        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        limit.rlim_cur = min(limit.rlim_cur, 256)
        #expect(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        var fillers: [Int32] = []
        while true {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else {
                #expect(errno == EMFILE)
                break
            }
            fillers.append(descriptor)
        }

        var failure: TransportFailure?
        do {
            _ = try await client.response(.get("/at-the-limit"))
        } catch NetworkError.transport(let transportFailure) {
            failure = transportFailure
        }
        for descriptor in fillers { close(descriptor) }
        #expect(failure?.kind == .other)
        #expect(failure?.code == Int(EMFILE))

        let after = try await client.response(.get("/after"))
        #expect(String(decoding: after.value, as: UTF8.self) == "after")
        #expect(try await server.takeRequest().path == "/after")
        if failure?.code == Int(EMFILE) {
            FileHandle.standardError.write(Data((Self.passMarker + "\n").utf8))
        }
    }
}
#endif
