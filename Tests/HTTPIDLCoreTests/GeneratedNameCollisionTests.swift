import Testing
@testable import HTTPIDLCore

/// Type names generated from messages that collide with an earlier message's (near it or far from it) or with
/// a declared type are reported at the later message, once per name, and the other messages still generate.
@Suite struct GeneratedNameCollisionTests {
    /// A file of `count` messages: message 30 repeats message 3's URI, 12 repeats 11's, and message 7's GET
    /// response name is a declared struct. Every 13th message has an unknown type (an error with a suggestion)
    /// and an unknown response type (a warning).
    static func file(count: Int) -> String {
        var text = "STRUCT Item { REQUIRED INT64 id; STRING name = display-name; }\n"
        text += "STRUCT GetItems7ItemIdResponse { STRING clash; }\n"
        for index in 0..<count {
            let uriIndex = index == 30 ? 3 : index == 12 ? 11 : index
            text += "/// Endpoint \(index).\nMESSAGE /items\(uriIndex)/$item_id {\n"
            text += "    GET REQUEST { INT32 limit DEFAULT 20; HEADER STRING token = X-Token; }\n"
            text += "    GET RESPONSE { ARRAY<Item> items; }\n"
            if index % 13 == 0 {
                text += "    POST REQUEST { REQUIRED Iten item; }\n    POST RESPONSE { Widget; }\n"
            } else {
                text += "    POST REQUEST { REQUIRED STRING name; DICT<STRING, ARRAY<STRING>> tags; }\n    POST RESPONSE { Item; }\n"
            }
            text += "}\n"
        }
        return text
    }

    @Test func collisionsAreReportedAtTheLaterMessage() {
        let count = 40
        let (tree, _) = Parser.parse(SourceFile(name: "large.http", text: Self.file(count: count)))
        let (model, diagnostics) = SemanticAnalyzer.analyze([tree])
        let swift = model.files.map { SwiftGenerator().generate($0) }.joined()
        #expect(swift.contains("public struct PostItems38ItemIdRequest"))
        let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors.filter { $0.hasPrefix("unknown type 'Iten'; did you mean 'Item'?") }.count == (count + 12) / 13)
        let nameErrors = errors.filter { $0.contains("which already exists") }
        // 30 and 12: the request and response names of both methods; 7: its GET response name.
        #expect(nameErrors.count == 9, "\(nameErrors)")
        #expect(nameErrors.contains { $0.hasPrefix("MESSAGE /items3/$item_id (GET) generates the type 'GetItems3ItemIdRequest'") })
        #expect(nameErrors.contains { $0.hasPrefix("MESSAGE /items11/$item_id (GET) generates the type 'GetItems11ItemIdResponse'") })
        #expect(nameErrors.contains { $0.hasPrefix("MESSAGE /items7/$item_id (GET) generates the type 'GetItems7ItemIdResponse'") })
    }
}
