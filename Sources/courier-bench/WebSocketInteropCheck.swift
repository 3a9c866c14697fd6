import Courier
import CourierHTTP
import Foundation

/// `websocket-check`: `NetworkClient.webSocket` over `SocketTransport` against WebSocket servers none of us wrote
/// (started by `Scripts/interop-websocket.sh`). Environment: `COURIER_WS_URL` (the server's `http://` base URL),
/// `COURIER_WS_SERVER` (`python`: the `websockets` echo server of `Scripts/interop-websocket/echo_server.py`;
/// `lws`: `libwebsockets-test-server`, whose `lws-mirror-protocol` sends every message back as text),
/// `COURIER_WS_COMPRESSION` (`1` offers permessage-deflate). Prints `N passed, M failed`.
enum WebSocketInteropCheck {
    static let suite = BenchmarkSuite(
        name: "websocket-check",
        summary: "WebSocket interop checks against $COURIER_WS_URL (run by Scripts/interop-websocket.sh)"
    ) {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["COURIER_WS_URL"], let baseURL = URL(string: text) else {
            print("websocket-check: set COURIER_WS_URL (and COURIER_WS_SERVER=python|lws)")
            exit(2)
        }
        let compression = environment["COURIER_WS_COMPRESSION"] == "1"
        let client = NetworkClient(baseURL: baseURL, configuration: .init(timeout: .seconds(30), retryPolicy: .never))
        let tally = HTTPBinCheck.Tally()
        if environment["COURIER_WS_SERVER"] == "lws" {
            await LibWebSocketsChecks(client: client, compression: compression).run(tally)
        } else {
            await PythonChecks(client: client, compression: compression).run(tally)
        }
        print("\(tally.passed) passed, \(tally.failed) failed")
        exit(tally.failed == 0 ? 0 : 1)
    }

    /// An endpoint at `path` on the server.
    struct Path: Endpoint {
        let path: EndpointPath
        var method: HTTPMethod { .get }
        init(_ path: String) { self.path = EndpointPath(stringLiteral: path) }
    }

    /// `count` bytes that are not all alike (deflate still has work to do).
    static func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
    }

    /// What came instead of what a check expected.
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }

        static func describe(_ message: WebSocketMessage) -> String {
            switch message {
            case .text(let text): "text of \(text.utf8.count) bytes"
            case .binary(let data): "binary of \(data.count) bytes"
            }
        }
    }

    /// Closes with 4001 and checks that the server's Close frame echoed the code (RFC 6455 §5.5.1).
    static func closeEchoesCode(_ socket: WebSocket) async throws -> Bool {
        try await socket.close(code: WebSocketCloseCode(rawValue: 4001), reason: "interop done")
        return socket.closeCode?.rawValue == 4001
    }

    /// The checks against Python's `websockets` echo server.
    struct PythonChecks {
        let client: NetworkClient
        let compression: Bool

        func open(_ path: String) async throws -> WebSocket {
            try await client.webSocket(Path(path), configuration: WebSocketConfiguration(maximumMessageSize: 32 << 20, compression: compression))
        }

        func run(_ tally: HTTPBinCheck.Tally) async {
            await tally.check("echo text, binary and 100 pipelined messages, then close 4001 echoed") {
                let socket = try await open("/echo")
                var messages = socket.messages.makeAsyncIterator()
                try await socket.send(text: "héllo ☃ 🌍")
                guard try await messages.next() == .text("héllo ☃ 🌍") else { return false }
                let binary = Data((0...255).map { UInt8($0) })
                try await socket.send(.binary(binary))
                guard try await messages.next() == .binary(binary) else { return false }
                let sent = (0..<100).map { WebSocketMessage.binary(WebSocketInteropCheck.bytes($0 * 97)) }
                for message in sent { try await socket.send(message) }
                for (index, message) in sent.enumerated() {
                    let received = try await messages.next()
                    guard received == message else { throw Mismatch("message \(index): received \(received.map(Mismatch.describe) ?? "the end")") }
                }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await tally.check("8 MiB binary and 3 MiB text messages echoed") {
                let socket = try await open("/echo")
                var messages = socket.messages.makeAsyncIterator()
                let binary = WebSocketInteropCheck.bytes(8 << 20)
                try await socket.send(.binary(binary))
                guard try await messages.next() == .binary(binary) else { return false }
                let text = String(repeating: "large text ☃ ", count: (3 << 20) / 14)
                try await socket.send(text: text)
                guard try await messages.next() == .text(text) else { return false }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await tally.check("fragmented text and binary messages from the server, joined") {
                let socket = try await open("/fragments")
                var messages = socket.messages.makeAsyncIterator()
                guard try await messages.next() == .text("fragmented ☃") else { return false }
                let ramp: [UInt8] = (0...255).map { UInt8($0) }
                var binary = Data([0, 1, 2])
                for _ in 0..<64 { binary.append(contentsOf: ramp) }
                binary.append(255)
                guard try await messages.next() == .binary(binary) else { return false }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await pingChecks(tally)
            await closeChecks(tally)
        }

        func pingChecks(_ tally: HTTPBinCheck.Tally) async {
            await tally.check("ping() returns on the server's pong") {
                let socket = try await open("/echo")
                for _ in 0..<3 { try await socket.ping() }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await tally.check("the server's ping is answered with a pong") {
                let socket = try await open("/ping")
                var messages = socket.messages.makeAsyncIterator()
                guard try await messages.next() == .text("pong received") else { return false }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
        }

        func closeChecks(_ tally: HTTPBinCheck.Tally) async {
            for code: UInt16 in [1000, 1001, 4002] {
                await tally.check("the server closes with \(code): the messages end, code and reason read") {
                    let socket = try await open("/close/\(code)")
                    do {
                        for try await _ in socket.messages { return false }
                    } catch let error as WebSocketError {
                        guard error.kind == .closed, error.closeCode?.rawValue == code else { return false }
                    }
                    return socket.closeCode?.rawValue == code && socket.closeReason == "server closing"
                }
            }
        }
    }

    /// The checks against `libwebsockets-test-server`: its `lws-mirror-protocol` sends what it receives back to
    /// every client on the protocol, always as text, a long message in several messages (one per buffer it read,
    /// cut anywhere: inside a UTF-8 sequence too, which a client must fail with 1007, so the long one is ASCII).
    struct LibWebSocketsChecks {
        let client: NetworkClient
        let compression: Bool

        func open(subprotocols: [String] = ["lws-mirror-protocol"]) async throws -> WebSocket {
            try await client.webSocket(Path("/"), configuration: WebSocketConfiguration(compression: compression, subprotocols: subprotocols))
        }

        /// Reads text messages until `count` bytes came and returns them joined.
        static func read(_ count: Int, from messages: inout AsyncThrowingStream<WebSocketMessage, any Error>.Iterator) async throws -> Data {
            var received = Data()
            while received.count < count, let message = try await messages.next() {
                switch message {
                case .text(let text): received.append(contentsOf: text.utf8)
                case .binary(let data): received.append(data)
                }
            }
            return received
        }

        func run(_ tally: HTTPBinCheck.Tally) async {
            await tally.check("mirror: subprotocol chosen, text and binary sent back, close 4001 echoed") {
                let socket = try await open()
                guard socket.subprotocol == "lws-mirror-protocol" else { return false }
                var messages = socket.messages.makeAsyncIterator()
                try await socket.send(text: "héllo ☃ 🌍")
                guard try await messages.next() == .text("héllo ☃ 🌍") else { return false }
                let binary = Data("binary bytes that are UTF-8".utf8)  // the mirror sends them back as text
                try await socket.send(.binary(binary))
                guard try await Self.read(binary.count, from: &messages) == binary else { return false }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await tally.check("mirror: a 4 MiB text message sent back whole") {
                let socket = try await open()
                var messages = socket.messages.makeAsyncIterator()
                let text = String(repeating: "large ASCII text ", count: (4 << 20) / 17)
                try await socket.send(text: text)
                guard try await Self.read(text.utf8.count, from: &messages) == Data(text.utf8) else { return false }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await tally.check("mirror: ping() returns on the server's pong") {
                let socket = try await open()
                for _ in 0..<3 { try await socket.ping() }
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
            await tally.check("default protocol (lws accepts permessage-deflate here): ping, close 4001 echoed") {
                let socket = try await open(subprotocols: [])
                try await socket.ping()
                return try await WebSocketInteropCheck.closeEchoesCode(socket)
            }
        }
    }
}
