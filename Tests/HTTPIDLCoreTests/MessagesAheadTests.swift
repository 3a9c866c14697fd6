import Testing
@testable import HTTPIDLCore

/// Large files have their messages checked in parallel chunks first; the result must be exactly that of the
/// in-order check: the same model (the same Swift) and the same diagnostics in the same order, including type
/// names that collide across chunks, inside a chunk, and with declared types.
@Suite struct MessagesAheadTests {
    /// A file with `count` messages (several chunks); `extra` is appended at the end.
    static func largeFile(count: Int, collisions: Bool) -> String {
        var text = "STRUCT Item { REQUIRED INT64 id; STRING name = display-name; }\n"
        text += "STRUCT GetItems7ItemIdResponse { STRING clash; }\n"
        for index in 0..<count {
            // Collisions: message 900 repeats message 3's URI (another chunk), 12 repeats 11's (same chunk),
            // and message 7's response name is a declared struct.
            let uriIndex = collisions && index == 900 ? 3 : collisions && index == 12 ? 11 : index
            text += "/// Endpoint \(index).\nMESSAGE /items\(uriIndex)/$item_id {\n"
            text += "    GET REQUEST { INT32 limit DEFAULT 20; HEADER STRING token = X-Token; }\n"
            text += "    GET RESPONSE { ARRAY<Item> items; }\n"
            if index % 97 == 0 {
                // An error inside a message (unknown type with a suggestion) and a warning (unknown type).
                text += "    POST REQUEST { REQUIRED Iten item; }\n    POST RESPONSE { Widget; }\n"
            } else {
                text += "    POST REQUEST { REQUIRED STRING name; DICT<STRING, ARRAY<STRING>> tags; }\n    POST RESPONSE { Item; }\n"
            }
            text += "}\n"
        }
        return text
    }

    static func analyze(_ text: String, ahead: Bool) -> (swift: String, diagnostics: [Diagnostic]) {
        let (tree, _) = Parser.parse(SourceFile(name: "large.http", text: text))
        let (model, diagnostics) = SemanticAnalyzer.analyze([tree], options: .init(), checkingMessagesAhead: ahead)
        let swift = model.files.map { SwiftGenerator().generate($0) }.joined()
        return (swift, diagnostics)
    }

    @Test(arguments: [false, true])
    func parallelCheckMatchesInOrderCheck(collisions: Bool) {
        let count = SemanticAnalyzer.messageChunkSize * 4 + 17
        let text = Self.largeFile(count: count, collisions: collisions)
        let inOrder = Self.analyze(text, ahead: false)
        let ahead = Self.analyze(text, ahead: true)
        #expect(ahead.diagnostics == inOrder.diagnostics)
        #expect(ahead.swift == inOrder.swift)
        #expect(ahead.swift.contains("public struct PostItems1000ItemIdRequest"))
        let errors = inOrder.diagnostics.filter { $0.severity == .error }.map(\.message)
        let unknownTypeErrors = errors.filter { $0.hasPrefix("unknown type 'Iten'; did you mean 'Item'?") }
        #expect(unknownTypeErrors.count == (count + 96) / 97)
        let nameErrors = errors.filter { $0.contains("which already exists") }
        if collisions {
            // 900 and 12: the request and response names of both methods; 7: its GET response name.
            #expect(nameErrors.count == 9, "\(nameErrors)")
            #expect(nameErrors.contains { $0.hasPrefix("MESSAGE /items3/$item_id (GET) generates the type 'GetItems3ItemIdRequest'") })
            #expect(nameErrors.contains { $0.hasPrefix("MESSAGE /items11/$item_id (GET) generates the type 'GetItems11ItemIdResponse'") })
        } else {
            #expect(nameErrors.count == 1, "\(nameErrors)")
        }
        #expect(nameErrors.contains { $0.hasPrefix("MESSAGE /items7/$item_id (GET) generates the type 'GetItems7ItemIdResponse'") })
    }
}
