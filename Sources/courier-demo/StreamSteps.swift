import Courier
import Foundation

/// A streamed response read as it arrives.
enum StreamSteps {
    static let assistant = DemoStep(title: "A chat completion streamed as Server-Sent Events (POST /assistant)") { demo in
        struct Delta: Decodable, Sendable { let text: String }
        let ask = EndpointBuilder.post("/assistant").body(.json(["prompt": "Tell me about Rex"]))
        demo.transcript.print("for try await event in client.events(EndpointBuilder.post(\"/assistant\").body(.json(…))) { … }", indent: 3)
        var text = ""
        var deltas = 0
        for try await event in demo.client.events(ask) {
            guard event.event == "delta" else { break }      // `event: done` ends the answer
            let delta = try JSONDecoder().decode(Delta.self, from: Data(event.data.utf8))
            demo.transcript.print("event \(event.id ?? "-"): \(delta.text.debugDescription)", indent: 5)
            text += delta.text
            deltas += 1
        }
        demo.transcript.print("= \(text)", indent: 3)
        try expect(text == PetStoreServer.assistantWords.joined(), "the assembled answer was \(text.debugDescription)")
        try expect(deltas == PetStoreServer.assistantWords.count, "expected \(PetStoreServer.assistantWords.count) events, got \(deltas)")
        return "\(deltas) events printed as they arrived; breaking out at `done` closed the stream"
    }
}
