import Courier
import Foundation

/// The store endpoints, each showing how Courier copes with a real server's habits: typed error bodies,
/// integers sent as strings, a 503 with `Retry-After`, and secrets that must stay out of logs.
enum StoreSteps {
    static let orderTooMany = DemoStep(title: "A failing call with a typed error body (POST /store/orders → 409)") { demo in
        demo.transcript.print("try await client.send(PostOrdersRequest(idempotencyKey: …, petId: 1, quantity: 2))", indent: 3)
        do {
            let order = try await demo.client.send(PostOrdersRequest(idempotencyKey: UUID().uuidString, petId: 1, quantity: 2))
            throw DemoFailure("expected 409 Conflict, but the order was placed: \(order)")
        } catch NetworkError.httpStatus(let failure) {
            let body = try require(failure.errorBody(as: PostOrdersErrorBody.self),
                                   "the 409 carried no PostOrdersErrorBody (body: \(String(decoding: failure.body, as: UTF8.self)))")
            demo.transcript.print("= throws NetworkError.httpStatus, status \(failure.statusCode)", indent: 3)
            demo.transcript.print(#"  errorBody: PostOrdersErrorBody(code: "\#(body.code)", message: "\#(body.message)", available: \#(body.available.map(String.init) ?? "nil"))"#, indent: 3)
            try expect(failure.statusCode == 409, "expected status 409, got \(failure.statusCode)")
            try expect(body.code == "out_of_stock" && body.available == 1, "unexpected error body \(body)")
        }
        let attempts = demo.serverRequests(path: "/store/orders").count
        try expect(attempts == 1, "a 409 must not be retried, the server saw \(attempts) attempts")

        demo.transcript.print("try await client.send(PostOrdersRequest(idempotencyKey: …, petId: 1, quantity: 1))", indent: 3)
        let placed = try await demo.client.send(PostOrdersRequest(idempotencyKey: UUID().uuidString, petId: 1, quantity: 1))
        demo.transcript.print("= order \(placed.orderId): \(placed.status)", indent: 3)
        try expect(placed.status == "placed", "the order of one Rex should be placed, got \(placed.status)")
        return "the error body decoded into the type declared in the .http file; not retried"
    }

    static let inventory = DemoStep(title: "Integers sent as strings and doubles (GET /store/inventory)") { demo in
        demo.transcript.print("try await client.send(GetInventoryRequest())", indent: 3)
        let inventory = try await demo.client.send(GetInventoryRequest())
        let raw = try require(demo.store.exchanges.last { $0.target == "/store/inventory" }?.body, "no inventory body recorded")
        demo.transcript.print("server sent: \(String(decoding: raw, as: UTF8.self))", indent: 5)
        let species = (inventory.bySpecies ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        demo.transcript.print("= available: \(inventory.available), sold: \(inventory.sold), valueCents: \(inventory.valueCents), bySpecies: [\(species.joined(separator: ", "))]", indent: 3)

        // The same bytes through Foundation's JSONDecoder, for contrast.
        do {
            _ = try JSONDecoder().decode(GetInventoryResponse.self, from: raw)
            throw DemoFailure("Foundation's JSONDecoder accepted \"7\" for an Int32; the demo's server no longer sends strings")
        } catch let error as DecodingError {
            demo.transcript.print("(Foundation's JSONDecoder alone fails: \(summary(of: error)))", indent: 3)
        }

        let expected = demo.store.inventory
        try expect(Int(inventory.available) == expected.available && Int(inventory.sold) == expected.sold
                   && Int(inventory.valueCents) == expected.valueCents,
                   "decoded \(inventory), the server's figures are \(expected)")
        try expect((inventory.bySpecies ?? [:]).mapValues(Int.init) == expected.bySpecies,
                   "decoded bySpecies \(inventory.bySpecies ?? [:]), expected \(expected.bySpecies)")
        return "\"\(inventory.available)\" and \(inventory.sold).0 decoded into the generated Int32/Int64 fields, no custom init(from:)"
    }

    static let retryAfter = DemoStep(title: "503 with Retry-After, retried by the client (GET /store/featured)") { demo in
        demo.transcript.print("try await client.response(GetFeaturedRequest())", indent: 3)
        let response = try await demo.client.response(GetFeaturedRequest())
        let answers = demo.store.exchanges.filter { $0.target == "/store/featured" }
        if let first = answers.first {
            for (index, answer) in answers.enumerated() {
                let offset = answer.time - first.time
                let seconds = Double(offset.components.seconds) + Double(offset.components.attoseconds) / 1e18
                let retryAfter = answer.retryAfter.map { " with Retry-After: \($0)" } ?? ""
                demo.transcript.print(String(format: "server, attempt %d at +%.2f s: %d%@", index + 1, seconds, answer.status, retryAfter), indent: 5)
            }
        }
        demo.transcript.print("= \(response.statusCode) after \(String(format: "%.2f", response.duration)) s: \(CatalogSteps.describe(response.value))", indent: 3)

        try expect(answers.map(\.status) == [503, 200], "expected the server to answer 503 then 200, it answered \(answers.map(\.status))")
        let gap = answers[1].time - answers[0].time
        try expect(gap >= .milliseconds(900), "the retry came after \(gap), before the 1 s the server asked for")
        try expect(response.value.contains { $0.name == "Bella" }, "the featured list should include Bella: \(CatalogSteps.describe(response.value))")
        return "waited the second Retry-After asked for, then succeeded; the caller only saw the 200"
    }

    static let redaction = DemoStep(title: "Secrets stay out of the logs (LoggingInterceptor redaction)") { demo in
        let requests = demo.store.server.recordedRequests
        let withToken = requests.filter { $0.headers["Authorization"] == "Bearer \(PetStoreServer.token)" }
        demo.transcript.print("the server received `Authorization: Bearer …` on \(withToken.count) of \(requests.count) requests", indent: 3)
        let transcript = demo.transcript.text
        try expect(withToken.count == requests.count, "\(requests.count - withToken.count) requests went out without the token")
        try expect(!transcript.contains(PetStoreServer.token), "the token appears in the transcript")
        try expect(transcript.contains("Authorization: <redacted>"), "the logs do not show the redacted Authorization header")
        return "every request carried the token; the transcript shows only 'Authorization: <redacted>'"
    }

    /// `typeMismatch at 'available': expected Int32`.
    static func summary(of error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context): return "typeMismatch at '\(path(context))', expected \(type)"
        case .valueNotFound(let type, let context): return "valueNotFound at '\(path(context))', expected \(type)"
        case .keyNotFound(let key, _): return "keyNotFound '\(key.stringValue)'"
        case .dataCorrupted(let context): return "dataCorrupted at '\(path(context))'"
        @unknown default: return "\(error)"
        }
    }
}
