import Courier
import CourierTesting
import Foundation

// Sends requests generated from OpenAPI documents to MockWebServer and prints each request as received
// (method, target, chosen headers, body), then the decoded responses; the script compares the lines.
let server = MockWebServer()
try server.start()
defer { server.shutdown() }
let client = NetworkClient(baseURL: server.url("/v1"), configuration: .init(retryPolicy: .never))   // a 429 is not retried

func show(_ label: String) async throws {
    let request = try await server.takeRequest()
    var line = "\(label): \(request.method) \(request.target)"
    if let trace = request.headers["X-Trace"] { line += " X-Trace=\(trace)" }
    if let type = request.headers["Content-Type"] { line += " Content-Type=\(type)" }
    if !request.body.isEmpty { line += " body=\(String(decoding: request.body, as: UTF8.self))" }
    print(line)
}

server.enqueue(MockResponse(status: 200, headers: ["Content-Type": "application/json"],
                            body: #"{"id":"7","name":"lamp","status":"glowing","labels":{"a":"b"},"owner":"kim","created":"today"}"#))
let item = try await client.send(GetItemRequest(itemId: "a/b", tags: ["red", "blue"], filter: Filter(color: "red", size: 2),
                                                xTrace: "t-1"))
try await show("getItem")
print("item \(item.id) \(item.name) \(item.status.map { "\($0)" } ?? "nil") \(item.labels ?? [:]) owner \(item.owner.map { "\($0)" } ?? "nil")")
print("item created \(item.created ?? "nil") secret \(item.secret ?? "nil")")

server.enqueue(MockResponse(status: 204))
_ = try await client.send(PutItemRequest(itemId: "9", ids: [1, 2, 3],
                                         payload: Item(id: 9, name: "desk", owner: .person(Person(name: "lee")), created: "never sent", secret: "s3")))
try await show("putItem")

server.enqueue(MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: "[]"))
_ = try await client.send(GetSearchRequest(sizes: [1, 2], range: SearchRange(from: 1, to: 5)))
try await show("search")

server.enqueue(MockResponse(status: 204))
_ = try await client.send(GetWordsRequest(words: ["a", "b"]))
try await show("words")

let file = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-sample-\(getpid()).bin")
try Data("raw bytes".utf8).write(to: file)
defer { try? FileManager.default.removeItem(at: file) }
server.enqueue(MockResponse(status: 409, headers: ["Content-Type": "application/json"], body: #"{"title":"exists"}"#))
do {
    _ = try await client.send(PostUploadRequest(name: "x y", overwrite: true, fileURL: file))
    print("upload: no error")
} catch NetworkError.httpStatus(let failure) {
    try await show("upload")
    print("upload failed: \(failure.statusCode) \(failure.errorBody(as: PostUploadErrorBody.self)?.title ?? "no typed body")")
}

server.enqueue(MockResponse(status: 204))
_ = try await client.send(PostSendFormRequest(name: "kim lee", count: 2))
try await show("sendForm")


server.enqueue(MockResponse(status: 200, headers: ["Content-Type": "application/json"],
                            body: #"{"kind":"message","size":"large","source":{"object":"bank_account","last4":"6789","bank":"B"}}"#))
let charge = try await client.send(GetChargesRequest(expand: ["a", "b"], kind: .enum))
try await show("getCharges")
print("charge \(charge.kind.map { "\($0)" } ?? "nil") \(charge.size.map { "\($0)" } ?? "nil") \(charge.source.map { "\($0)" } ?? "nil")")
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
print("source \(String(decoding: try encoder.encode(Source.card(Card(last4: "4242"))), as: UTF8.self))")
// 429 has a body of its own (ERROR 429), any other failing status the 4XX one: the status picks the case
server.enqueue(MockResponse(status: 404, headers: ["Content-Type": "application/json"], body: #"{"title":"no such charge"}"#))
server.enqueue(MockResponse(status: 429, headers: ["Content-Type": "application/json"], body: #"{"retryAfter":3}"#))
for _ in 0..<2 {
    do {
        _ = try await client.send(GetChargesRequest())
        print("getCharges: no error")
    } catch NetworkError.httpStatus(let failure) {
        try await show("getCharges")
        switch failure.errorBody(as: GetChargesErrorBody.self) {
        case .other(let problem)?: print("getCharges failed: \(failure.statusCode) \(problem.title ?? "no title")")
        case .status429(let slowDown)?: print("getCharges failed: \(failure.statusCode) retry after \(slowDown.retryAfter ?? 0)")
        case nil: print("getCharges failed: \(failure.statusCode) no typed body")
        }
    }
}

server.enqueue(MockResponse(status: 204))
_ = try await client.send(GetColorsRequest(color: ["blue", "black"]))
try await show("colors")

server.enqueue(MockResponse(status: 204))
_ = try await client.send(GetMixedRequest(ids: [1, 2], expand: ["a"], sizes: ["s", "m"]))
try await show("mixed")

server.enqueue(MockResponse(status: 204))
_ = try await client.send(PatchUpdateProfileRequest(id: "7", nickname: .null, title: "t"))
try await show("updateProfile")
server.enqueue(MockResponse(status: 204))
_ = try await client.send(PutReplaceProfileRequest(id: "7", nickname: .null, age: .value(3)))
try await show("replaceProfile")
