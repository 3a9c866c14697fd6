import Courier
import Foundation

/// A streamed response read as it arrives.
enum StreamSteps {
    static let assistant = DemoStep(title: "A chat completion streamed as Server-Sent Events (POST /assistant)") { demo in
        let ask = PostAssistantRequest(prompt: "Tell me about Rex")   // generated from `POST RESPONSE EVENTS { AnswerChunk; }`
        demo.transcript.print("for try await chunk in client.events(PostAssistantRequest(prompt: \"Tell me about Rex\")) { … }", indent: 3)
        var text = ""
        var chunks = 0
        for try await chunk in demo.client.events(ask) {
            if chunk.done == true { break }        // the last chunk ends the answer; breaking out closes the stream
            demo.transcript.print("chunk \(chunks + 1): \((chunk.text ?? "").debugDescription)", indent: 5)
            text += chunk.text ?? ""
            chunks += 1
        }
        demo.transcript.print("= \(text)", indent: 3)
        try expect(text == PetStoreServer.assistantWords.joined(), "the assembled answer was \(text.debugDescription)")
        try expect(chunks == PetStoreServer.assistantWords.count, "expected \(PetStoreServer.assistantWords.count) chunks, got \(chunks)")
        return "\(chunks) typed AnswerChunk events printed as they arrived; breaking out at `done` closed the stream"
    }
}
