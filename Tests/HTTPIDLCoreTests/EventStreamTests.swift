import Testing
@testable import HTTPIDLCore

/// `RESPONSE EVENTS`: a response that is a stream of Server-Sent Events whose data decodes into the body type.
/// The generated text itself is the golden file `Golden/event_streams.swift`.
@Suite struct EventStreamTests {
    static func message(_ parts: String) -> String {
        "STRUCT S { STRING a; }\nSTRUCT Event { STRING a; }\nMESSAGE /x {\n    \(parts)\n}\n"
    }

    /// Parser and semantic rules, one row each: the parts of a message, and the diagnostics (empty = compiles).
    @Test(arguments: [
        ("GET REQUEST {} GET RESPONSE EVENTS { STRING delta; }", ""),
        ("GET REQUEST {} GET RESPONSE EVENTS { S; }", ""),
        ("GET REQUEST {} GET RESPONSE EVENTS { ARRAY<S>; }", ""),
        ("GET REQUEST {} GET RESPONSE EVENTS { STRING; }", ""),
        ("POST REQUEST { S body; } POST RESPONSE EVENTS { S; } POST ERROR { STRING message; }", ""),
        ("GET REQUEST EVENTS {} GET RESPONSE {}", "4:17: error: only a RESPONSE can be an event stream; remove 'EVENTS'"),
        ("GET REQUEST {} GET RESPONSE {} GET ERROR EVENTS { S; }", "4:46: error: only a RESPONSE can be an event stream; remove 'EVENTS'"),
        ("GET REQUEST {} GET RESPONSE EVENTS {}", "4:40: error: an EVENTS response needs the type of an event's data: '{ TYPE; }' or named fields"),
        ("GET REQUEST {} GET RESPONSE EVENTS { FILE; }",
         "4:42: error: an event's data is text decoded as JSON; FILE and BLOB cannot be an event type"),
        ("GET REQUEST {} GET RESPONSE EVENTS { BLOB; }",
         "4:42: error: an event's data is text decoded as JSON; FILE and BLOB cannot be an event type"),
        ("HEAD REQUEST {} HEAD RESPONSE EVENTS { S; }",
         "4:35: error: a HEAD response has no body, so it cannot be an event stream; remove 'EVENTS'"),
        ("GET REQUEST {} GET RESPONSE EVENTS { Missing; }", "4:42: warning: unknown type 'Missing'; declare it with 'EXTERN Missing;' if it is a Swift type you provide"),
        ("GET REQUEST { ARRAY<Event> since; } GET RESPONSE EVENTS { Event; }",
         "4:19: error: field 'since' of a request whose response is EVENTS cannot use the type 'Event': the generated request names its event type so; rename the type"),
        ("GET REQUEST { ARRAY<Event> since; } GET RESPONSE { Event; }", ""),
        ("GET REQUEST {} GET RESPONSE EVENTS JSON { S; }", "4:40: error: expected '{', found 'JSON'"),
        ("GET REQUEST {} GET RESPONSE JSON EVENTS { S; }", "4:33: error: only a REQUEST has a body encoding; remove 'JSON'"),
    ])
    func rules(parts: String, expected: String) {
        let result = TestSupport.compile(Self.message(parts))
        #expect(TestSupport.summaries(result).joined(separator: "\n") == expected)
    }

    @Test func theParserKeepsWhereEventsStands() throws {
        let text = Self.message("GET REQUEST {} GET RESPONSE EVENTS { S; }")
        let (file, diagnostics) = Parser.parse(SourceFile(name: "e.http", text: text))
        #expect(diagnostics.isEmpty)
        guard case .message(let message)? = file.declarations.last else { Issue.record("no message"); return }
        #expect(message.parts.map(\.isEventStream) == [false, true])
        let range = try #require(message.parts[1].eventsRange)
        let offset = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "EVENTS")).lowerBound)
        #expect((range.start, range.end) == (offset, offset + 6))
    }

    @Test func anEventStreamEndpointConformsToEventStreamDefinitionWithItsEventType() {
        let swift = TestSupport.swift(TestSupport.compile(Self.message("GET REQUEST {} GET RESPONSE EVENTS { S; }")))
        #expect(swift.contains("public struct GetXRequest: EventStreamDefinition {"))
        #expect(swift.contains("public typealias Event = GetXResponse"))
        #expect(swift.contains("public typealias GetXResponse = S"))
        #expect(!swift.contains("APIResponse"))
        let plain = TestSupport.swift(TestSupport.compile(Self.message("GET REQUEST {} GET RESPONSE { S; }")))
        #expect(plain.contains("public struct GetXRequest: APIDefinition {"))
        #expect(plain.contains("public typealias APIResponse = GetXResponse"))
    }

    @Test(arguments: [
        ("GET  RESPONSE   EVENTS{S;}", "    GET RESPONSE EVENTS { S; }\n"),
        ("GET RESPONSE EVENTS { STRING delta ; }", "    GET RESPONSE EVENTS {\n        STRING delta;\n    }\n"),
    ])
    func theFormatterWritesEventsAfterResponse(part: String, expected: String) throws {
        let source = SourceFile(name: "f.http", text: Self.message("GET REQUEST {} \(part)"))
        let text = try #require(IDLFormatter.format(source).text)
        #expect(text.contains(expected), "\(text)")
        #expect(IDLFormatter.format(SourceFile(name: "f.http", text: text)).text == text)
        #expect(TestSupport.swift(TestSupport.compile(SourceFile(name: "f.http", text: text))) == TestSupport.swift(TestSupport.compile(source)))
    }
}
