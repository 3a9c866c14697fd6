import Courier
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

let pet = try JSONDecoder().decode(Pet.self, from: Data(#"{"id": 1, "name": "Tom", "status": "hungry"}"#.utf8))
print("decoded \(pet.name ?? "?"), status \(pet.status.rawValue), unknown kept: \(pet.status == .unknown("hungry"))")
