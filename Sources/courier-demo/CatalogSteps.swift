import Courier
import Foundation

/// Listing, reading and creating pets: query DTOs, path parameters and JSON bodies.
enum CatalogSteps {
    static let listPets = DemoStep(title: "List pets with query filters and paging (GET /pets)") { demo in
        demo.transcript.print(#"try await client.send(GetPetsRequest(species: .dog, tags: ["friendly"], page: 1, perPage: 2))"#, indent: 3)
        let first = try await demo.client.send(GetPetsRequest(species: .dog, tags: ["friendly"], page: 1, perPage: 2))
        demo.transcript.print("= page \(first.page): \(describe(first.items)) — \(first.total) in total", indent: 3)
        let second = try await demo.client.send(GetPetsRequest(species: .dog, tags: ["friendly"], page: 2, perPage: 2))
        demo.transcript.print("= page \(second.page): \(describe(second.items))", indent: 3)

        let wire = try require(demo.serverRequests(path: "/pets").first, "the server saw no GET /pets")
        try expect(wire.queryValue("species") == "dog", "species=dog missing from the query '\(wire.query ?? "")'")
        try expect(wire.queryValue("page") == "1" && wire.queryValue("per_page") == "2",
                   "page=1&per_page=2 missing from the query '\(wire.query ?? "")'")
        try expect(wire.queryItems.contains { $0.name == "tags" && $0.value == "friendly" },
                   "expected the array as a repeated key (tags=friendly, see PetStoreConventions.swift): '\(wire.query ?? "")'")
        try expect(first.items.map(\.name) == ["Rex", "Bella"] && first.total == 3,
                   "page 1 should be Rex and Bella of 3, got \(describe(first.items)) of \(first.total)")
        try expect(second.items.map(\.name) == ["Max"], "page 2 should be Max, got \(describe(second.items))")
        return "filters and paging went out in the server's query convention; 3 friendly dogs over 2 pages"
    }

    static let getPet = DemoStep(title: "Get one pet by path parameter (GET /pets/$id)") { demo in
        demo.transcript.print("try await client.send(GetPetRequest(id: 3))", indent: 3)
        let pet = try await demo.client.send(GetPetRequest(id: 3))
        demo.transcript.print("= \(describe(pet))", indent: 3)
        let wire = try require(demo.store.server.recordedRequests.last, "the server saw no request")
        try expect(wire.rawPath == "/pets/3", "expected the path /pets/3, the server saw \(wire.rawPath)")
        try expect(pet.id == 3 && pet.name == "Bella" && pet.species == .dog, "expected Bella (#3), got \(describe(pet))")
        return "the id travelled as one path segment; Pet decoded"
    }

    static let createPet = DemoStep(title: "Create a pet with a JSON body (POST /pets)") { demo in
        let request = PostPetsRequest(name: "Pip", species: .bird, age: 1, priceCents: 12_000, tags: ["singer", "friendly"])
        demo.transcript.print(#"try await client.response(PostPetsRequest(name: "Pip", species: .bird, age: 1, priceCents: 12_000, tags: ["singer", "friendly"]))"#, indent: 3)
        let response = try await demo.client.response(request)
        let wire = try require(demo.serverRequests(path: "/pets").last, "the server saw no POST /pets")
        demo.transcript.print("body on the wire: \(wire.bodyText)", indent: 5)
        demo.transcript.print("= \(response.statusCode) Created, Location: \(response.headers["Location"] ?? "-"): \(describe(response.value))", indent: 3)

        try expect(wire.method == "POST", "expected POST, the server saw \(wire.method)")
        try expect(wire.headers["Content-Type"]?.hasPrefix("application/json") == true,
                   "expected Content-Type application/json, got \(wire.headers["Content-Type"] ?? "none")")
        try expect(wire.bodyText.contains(#""price_cents":12000"#), "the body should use the wire key price_cents: \(wire.bodyText)")
        try expect(response.statusCode == 201, "expected 201 Created, got \(response.statusCode)")
        try expect(response.value.name == "Pip" && response.value.priceCents == 12_000, "unexpected pet \(describe(response.value))")
        demo.record { $0.createdPet = response.value }
        return "snake_case wire keys from the .http file; 201 with the stored pet (#\(response.value.id))"
    }

    /// `Rex (#1, dog, $450.00)`.
    static func describe(_ pet: Pet) -> String {
        let price = String(format: "$%.2f", Double(pet.priceCents) / 100)
        return "\(pet.name) (#\(pet.id), \(pet.species.rawValue), \(price))"
    }

    static func describe(_ pets: [Pet]) -> String {
        pets.isEmpty ? "no pets" : pets.map(describe).joined(separator: ", ")
    }
}
