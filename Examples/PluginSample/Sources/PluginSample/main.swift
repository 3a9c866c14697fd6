import Courier
import CourierTesting
import Foundation

// The request and response types used here are generated from petstore.http at build time by HTTPIDLPlugin.
let baseURL = URL(string: "https://petstore.example.com/v1")!

/// Builds the request Courier would send for `endpoint` and prints its method, URL, headers and body.
func show(_ endpoint: some Endpoint) throws {
    let request = try HTTPRequest(endpoint, baseURL: baseURL)
    print("\(request.method) \(request.url.absoluteString)")
    for field in request.headers {
        print("  \(field.name): \(field.value)")
    }
    if case .data(let data)? = request.body {
        print("  body: \(String(decoding: data, as: UTF8.self))")
    }
}

try show(GetPetsRequest(status: .available, token: "secret"))
try show(GetPetsPetIdRequest(petId: 7))
try show(PostPetsRequest(payload: Pet(id: 1, name: "Tom", tags: ["cat"])))
try show(PostPetsPetIdPhotoRequest(petId: "a/b", caption: "Tom"))

// A generated request's query holding a recursive struct, enums and an array, as URLQueryEncoder writes it.
let search = GetPetsSearchRequest(
    like: Pet(id: 3, name: "Tom & Jerry", status: .sold, tags: ["a b", "c"], mother: Pet(id: 2, name: "Kitty")),
    statuses: [.available, .unknown("lost+found")], limit: 5)
let searchQuery: any Encodable & Sendable = search.query ?? [String: String]()
print("query: \(try URLQueryEncoder().encodeQueryString(searchQuery))")

// A round trip over a real socket: the embedded MockWebServer plays the pet store.
let server = MockWebServer()
try server.start()
defer { server.shutdown() }
let client = NetworkClient(baseURL: server.url("/v1"))

server.enqueue(.json(#"[{"id": "1", "name": "Tom", "status": "hungry", "mother": {"id": 2, "name": "Kitty"}}]"#))
let pets = try await client.send(GetPetsRequest(limit: 5, token: "secret"))
let sent = try await server.takeRequest()
print("sent \(sent.method) \(sent.target) X-Token=\(sent.headers["X-Token"] ?? "-")")
print("received \(pets.count) pet: \(pets[0].name ?? "?") (id \(pets[0].id), status \(pets[0].status.rawValue)), mother \(pets[0].mother?.name ?? "-")")

server.enqueue(.json(#"{"code": 404, "message": "no such pet"}"#, status: 404))
do {
    _ = try await client.send(GetPetsPetIdRequest(petId: 99))
} catch NetworkError.httpStatus(let failure) {
    let body = failure.errorBody(as: GetPetsPetIdErrorBody.self)
    print("status \(failure.statusCode): \(body?.message ?? "no typed error body") (code \(body?.code ?? 0))")
}

server.enqueue(.data(Data([0xCA, 0xFE])))
let certificate = try await client.send(GetPetsPetIdCertificateRequest(petId: "7"))
print("certificate bytes: \(certificate.map { String($0, radix: 16) }.joined(separator: " "))")
