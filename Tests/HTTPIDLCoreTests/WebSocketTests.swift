import Testing
@testable import HTTPIDLCore

/// `WEBSOCKET /uri { REQUEST { … } SEND T; RECEIVE T; SUBPROTOCOL p; ERROR { … } }`: an endpoint opened as a
/// WebSocket with typed messages each way. The generated text itself is the golden file `Golden/web_sockets.swift`.
@Suite struct WebSocketTests {
    static func webSocket(_ entries: String) -> String {
        "STRUCT S { STRING a; }\nSTRUCT Send { STRING a; }\nWEBSOCKET /x/$id {\n    \(entries)\n}\n"
    }

    /// Parser and semantic rules, one row each: the entries of a WebSocket, and the diagnostics (empty = compiles).
    @Test(arguments: [
        ("SEND S; RECEIVE S;", ""),
        ("RECEIVE ARRAY<S>; SEND STRING; REQUEST { QUERY INT since; HEADER STRING token = X-Token; }", ""),
        ("SEND S; RECEIVE S; SUBPROTOCOL graphql-transport-ws; SUBPROTOCOL \"v1.chat\"; ERROR { STRING message; }", ""),
        ("SEND S; RECEIVE S; REQUEST { PATH INT64 id; }", ""),
        ("RECEIVE S;", "3:11: error: WEBSOCKET /x/$id needs 'SEND Type;' (what the client sends)"),
        ("SEND S;", "3:11: error: WEBSOCKET /x/$id needs 'RECEIVE Type;' (what the server sends)"),
        ("SEND S; SEND S; RECEIVE S;", "4:13: error: duplicate SEND in this WEBSOCKET"),
        ("SEND S; RECEIVE S; REQUEST { BODY STRING note; }",
         "4:32: error: the opening request of a WebSocket is a GET without a body; declare its fields QUERY, HEADER or PATH"),
        ("SEND S; RECEIVE S; REQUEST { BODY S; }",
         "4:32: error: the opening request of a WebSocket is a GET without a body; declare its fields QUERY, HEADER or PATH"),
        ("SEND S; RECEIVE S; REQUEST { S; }",  // one value in the query, as on any GET
         "4:34: warning: a single-value body on GET is sent in the query under the key 'body' (body=…); name a field to choose the key, or write 'GET REQUEST JSON' to send a body"),
        ("SEND FILE; RECEIVE S;", "4:10: error: a WebSocket message is JSON; FILE and BLOB cannot be a message type"),
        ("SEND S; RECEIVE BLOB;", "4:21: error: a WebSocket message is JSON; FILE and BLOB cannot be a message type"),
        ("SEND S; RECEIVE Missing;", "4:21: warning: unknown type 'Missing'; declare it with 'EXTERN Missing;' if it is a Swift type you provide"),
        ("SEND S; RECEIVE S; SUBPROTOCOL \"a b\";", "4:36: error: a subprotocol is a token (letters, digits and !#$%&'*+-.^_`|~), not 'a b'"),
        ("SEND S; RECEIVE S; REQUEST { QUERY Send since; }",
         "4:40: error: field 'since' of a WEBSOCKET request cannot use the type 'Send': the generated request names its sent message type so; rename the type"),
        ("SEND S; RECEIVE S; PING;", "4:24: error: expected 'REQUEST', 'SEND', 'RECEIVE', 'SUBPROTOCOL' or 'ERROR' in a WEBSOCKET, found 'PING'"),
        ("SEND S RECEIVE S;", "4:11: error: expected ';' after 'SEND S'"),
        ("SEND S; RECEIVE S; SUBPROTOCOL;", "4:35: error: expected a wire key after 'SUBPROTOCOL', found ';'"),
    ])
    func rules(entries: String, expected: String) {
        let result = TestSupport.compile(Self.webSocket(entries))
        #expect(TestSupport.summaries(result).joined(separator: "\n") == expected)
    }

    @Test func theParserKeepsTheEntriesInOrder() {
        let (file, diagnostics) = Parser.parse(SourceFile(name: "w.http", text: Self.webSocket("RECEIVE S; SUBPROTOCOL p; SEND S; REQUEST {}")))
        #expect(diagnostics.isEmpty)
        guard case .webSocket(let webSocket)? = file.declarations.last else { Issue.record("no WEBSOCKET"); return }
        #expect(webSocket.entries.map(\.item.keyword) == [.receive, .subprotocol, .send, .request])
        #expect(webSocket.uri.canonical == "/x/$id")
    }

    @Test func theEndpointConformsToWebSocketDefinitionWithItsMessageTypes() {
        let swift = TestSupport.swift(TestSupport.compile(Self.webSocket("SEND ARRAY<S>; RECEIVE S; SUBPROTOCOL chat;")))
        #expect(swift.contains("public struct XIdWebSocket: WebSocketDefinition {"))
        #expect(swift.contains("public typealias Send = [S]"))
        #expect(swift.contains("public typealias Receive = S"))
        #expect(swift.contains("public var subprotocols: [String] { [\"chat\"] }"))
        #expect(swift.contains("public var method: HTTPMethod { .get }"))
        #expect(!swift.contains("APIResponse") && !swift.contains("public var body"))
    }

    @Test func theFormatterKeepsTheOrderAndTheComments() throws {
        let text = "WEBSOCKET(Chat)  /c {RECEIVE   S ;// in\nREQUEST{QUERY INT since;}\n/// out\nSEND S;SUBPROTOCOL \"v 1\";}\nSTRUCT S {}\n"
        let formatted = try #require(IDLFormatter.format(SourceFile(name: "f.http", text: text)).text)
        #expect(formatted == """
            WEBSOCKET(Chat) /c {
                RECEIVE S; // in
                REQUEST {
                    QUERY INT since;
                }
                /// out
                SEND S;
                SUBPROTOCOL "v 1";
            }

            STRUCT S {}

            """)
        #expect(IDLFormatter.format(SourceFile(name: "f.http", text: formatted)).text == formatted)
    }

    @Test func openAPIExportLeavesWebSocketsOutAndSaysSo() {
        let result = TestSupport.compile(Self.webSocket("SEND S; RECEIVE S;") + "MESSAGE /y { GET REQUEST {} GET RESPONSE { S; } }\n")
        let json = OpenAPIExporter.export(result.model, title: "T")
        #expect(json.contains("\"/y\"") && !json.contains("/x/"))
        #expect(OpenAPIExporter.omissions(result.model) == [
            "test.http: warning: WEBSOCKET /x/$id (XIdWebSocket) is not exported: OpenAPI has no WebSocket",
        ])
    }
}
