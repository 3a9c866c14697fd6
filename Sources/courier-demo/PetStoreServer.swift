import Courier
import CourierTesting
import Foundation

/// The server side of `PetStore.http`, running inside the demo process on an embedded `MockWebServer`.
///
/// It is written like a small real server, independently of the generated client: it parses the query, the
/// JSON and the multipart bodies itself and answers with errors when they are wrong, so every step of the demo
/// checks real bytes on a real socket. On purpose it also behaves like the servers Courier was built for:
/// the inventory sends integers as strings, an order for too many pets fails with a typed error body, and
/// the featured list answers `503` with `Retry-After: 1` the first time.
final class PetStoreServer: Sendable {
    /// The bearer token the demo client sends; the server answers 401 without it, and the logs must never
    /// show it.
    static let token = "demo-secret-7f3a9c"

    /// One answer the server gave, for the transcript.
    struct Exchange: Sendable {
        var method: String
        var target: String
        var status: Int
        var retryAfter: String?
        var time: ContinuousClock.Instant
        /// The body sent, when it was in memory and short (for showing raw JSON in the transcript).
        var body: Data?
    }

    /// A pet as the server stores it (wire names in snake_case).
    struct StoredPet: Codable, Sendable {
        var id: Int64
        var name: String
        var species: String
        var age: Int?
        var price_cents: Int
        var tags: [String]
    }

    private struct State {
        var pets: [Int64: StoredPet]
        var stock: [Int64: Int]
        var photos: [String: (data: Data, contentType: String)]
        var orders = 0
        var featuredCalls = 0
        var exchanges: [Exchange] = []
    }

    /// The embedded HTTP server (127.0.0.1, a free port).
    let server: MockWebServer
    private let state: LockedState<State>

    /// Starts the server with six pets in stock.
    init() throws {
        let pets: [StoredPet] = [
            StoredPet(id: 1, name: "Rex", species: "dog", age: 3, price_cents: 45_000, tags: ["friendly", "trained"]),
            StoredPet(id: 2, name: "Mittens", species: "cat", age: 2, price_cents: 30_000, tags: ["indoor"]),
            StoredPet(id: 3, name: "Bella", species: "dog", age: 1, price_cents: 52_000, tags: ["friendly", "puppy"]),
            StoredPet(id: 4, name: "Kiwi", species: "bird", age: 1, price_cents: 9_000, tags: ["talkative"]),
            StoredPet(id: 5, name: "Luna", species: "cat", age: 4, price_cents: 28_000, tags: ["friendly"]),
            StoredPet(id: 6, name: "Max", species: "dog", age: 6, price_cents: 25_000, tags: ["friendly", "senior"]),
        ]
        let state = LockedState(State(
            pets: Dictionary(uniqueKeysWithValues: pets.map { ($0.id, $0) }),
            stock: Dictionary(uniqueKeysWithValues: pets.map { ($0.id, $0.id == 1 ? 1 : 3) }),
            photos: [:]))
        self.state = state
        server = MockWebServer()
        try server.start()
        server.dispatcher = { request in
            let response = Self.respond(to: request, state: state)
            state.withLock {
                $0.exchanges.append(Exchange(
                    method: request.method, target: request.target, status: response.status,
                    retryAfter: response.headers["Retry-After"], time: .now, body: Self.shortBody(of: response)))
            }
            return response
        }
    }

    /// Stops the server.
    func shutdown() {
        server.shutdown()
    }

    /// Every answer so far, in order.
    var exchanges: [Exchange] {
        state.withLock { $0.exchanges }
    }

    /// The pets in stock, by id.
    var stock: [Int64: Int] {
        state.withLock { $0.stock }
    }

    // MARK: - Routing

    private static func respond(to request: RecordedRequest, state: LockedState<State>) -> MockResponse {
        guard request.headers["Authorization"] == "Bearer \(token)" else {
            return error(401, "unauthorized", "send 'Authorization: Bearer <token>'")
        }
        let segments = request.rawPath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        switch (request.method, segments.count, segments.first) {
        case ("GET", 1, "pets"): return listPets(request, state: state)
        case ("POST", 1, "pets"): return createPet(request, state: state)
        case ("GET", 2, "pets"): return getPet(segments[1], state: state)
        case ("POST", 3, "pets") where segments[2] == "photos": return uploadPhoto(segments[1], request, state: state)
        case ("GET", 4, "pets") where segments[2] == "photos": return downloadPhoto(segments[1], segments[3], state: state)
        case ("GET", 2, "store") where segments[1] == "inventory": return inventory(state: state)
        case ("POST", 2, "store") where segments[1] == "orders": return placeOrder(request, state: state)
        case ("GET", 2, "store") where segments[1] == "featured": return featured(state: state)
        case ("GET", 2, "store") where segments[1] == "hours": return hours(request)
        case ("POST", 1, "session"): return MockResponse(status: 204).header("Set-Cookie", "store_session=\(sessionID); Path=/; HttpOnly")
        case ("GET", 1, "session"): return session(request)
        case ("POST", 1, "assistant"): return assistant()
        default: return error(404, "not_found", "no route for \(request.method) \(request.path)")
        }
    }

    // MARK: - Pets

    /// `GET /pets?species=dog&tags=friendly&page=1&per_page=2`. Arrays may be sent as `tags=a&tags=b`,
    /// `tags[]=a` or `tags[0]=a`; unknown parameters are rejected, as a strict server would.
    private static func listPets(_ request: RecordedRequest, state: LockedState<State>) -> MockResponse {
        var species: String?
        var tags: [String] = []
        var page = 1
        var perPage = 20
        for item in request.queryItems {
            let value = item.value ?? ""
            switch item.name {
            case "species": species = value
            case "page":
                guard let number = Int(value), number >= 1 else { return error(400, "bad_query", "page must be ≥ 1") }
                page = number
            case "per_page":
                guard let number = Int(value), (1...100).contains(number) else {
                    return error(400, "bad_query", "per_page must be 1...100")
                }
                perPage = number
            case "tags", "tags[]": tags.append(value)
            case let name where name.hasPrefix("tags[") && name.hasSuffix("]"): tags.append(value)
            default: return error(400, "bad_query", "unknown query parameter '\(item.name)'")
            }
        }
        let matching = state.withLock { $0.pets.values }
            .filter { pet in species.map { pet.species == $0 } ?? true }
            .filter { pet in tags.allSatisfy(pet.tags.contains) }
            .sorted { $0.id < $1.id }
        let items = Array(matching.dropFirst((page - 1) * perPage).prefix(perPage))
        struct Page: Encodable {
            var items: [StoredPet]
            var page: Int
            var per_page: Int
            var total: Int
        }
        return json(Page(items: items, page: page, per_page: perPage, total: matching.count))
    }

    /// `POST /pets` with a JSON body.
    private static func createPet(_ request: RecordedRequest, state: LockedState<State>) -> MockResponse {
        struct NewPet: Decodable {
            var name: String
            var species: String
            var age: Int?
            var price_cents: Int
            var tags: [String]?
        }
        guard request.headers["Content-Type"]?.hasPrefix("application/json") == true else {
            return error(415, "unsupported_media_type", "send the pet as application/json")
        }
        let new: NewPet
        do {
            new = try JSONDecoder().decode(NewPet.self, from: request.body)
        } catch {
            return Self.error(400, "bad_json", "the body is not a pet: \(error)")
        }
        guard !new.name.isEmpty, ["dog", "cat", "bird"].contains(new.species), new.price_cents >= 0 else {
            return error(422, "invalid_pet", "a pet needs a name, a known species and a price ≥ 0")
        }
        let pet = state.withLock { state in
            let id = (state.pets.keys.max() ?? 0) + 1
            let pet = StoredPet(
                id: id, name: new.name, species: new.species, age: new.age, price_cents: new.price_cents,
                tags: new.tags ?? [])
            state.pets[id] = pet
            state.stock[id] = 1
            return pet
        }
        return json(pet, status: 201).header("Location", "/pets/\(pet.id)")
    }

    /// `GET /pets/{id}`.
    private static func getPet(_ idText: String, state: LockedState<State>) -> MockResponse {
        guard let id = Int64(idText), let pet = state.withLock({ $0.pets[id] }) else {
            return error(404, "pet_not_found", "no pet with id '\(idText)'")
        }
        return json(pet)
    }

    // MARK: - Photos

    /// `POST /pets/{id}/photos` with a multipart form: a `photo` file part (a PNG) and an optional `caption`.
    private static func uploadPhoto(_ idText: String, _ request: RecordedRequest, state: LockedState<State>) -> MockResponse {
        guard let id = Int64(idText), state.withLock({ $0.pets[id] }) != nil else {
            return error(404, "pet_not_found", "no pet with id '\(idText)'")
        }
        let form: MultipartForm
        do {
            form = try MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "")
        } catch {
            return Self.error(400, "bad_multipart", "\(error)")
        }
        guard let photo = form.part(named: "photo"), photo.filename?.isEmpty == false else {
            return error(422, "missing_photo", "the form needs a 'photo' file part with a filename")
        }
        let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        guard photo.contentType == "image/png", photo.data.starts(with: pngSignature) else {
            return error(415, "not_png", "the photo must be image/png (got \(photo.contentType ?? "no type"))")
        }
        let photoID = state.withLock { state in
            let photoID = "ph\(state.photos.count + 1)"
            state.photos[photoID] = (photo.data, "image/png")
            return photoID
        }
        struct Stored: Encodable {
            var photo_id: String
            var size: Int
            var content_type: String
            var checksum: String
        }
        return json(Stored(
            photo_id: photoID, size: photo.data.count, content_type: "image/png",
            checksum: Checksum.fnv1a(photo.data)), status: 201)
    }

    /// `GET /pets/{id}/photos/{photo_id}`: the stored bytes, throttled a little so the download's progress
    /// is visible.
    private static func downloadPhoto(_ idText: String, _ photoID: String, state: LockedState<State>) -> MockResponse {
        guard let id = Int64(idText), state.withLock({ $0.pets[id] }) != nil,
              let photo = state.withLock({ $0.photos[photoID] }) else {
            return error(404, "photo_not_found", "no photo '\(photoID)' for pet '\(idText)'")
        }
        return MockResponse.data(photo.data, contentType: photo.contentType)
            .throttled(bytes: 128 * 1024, every: .milliseconds(15))
    }

    // MARK: - Store

    /// Stock figures as the inventory endpoint reports them.
    struct Inventory: Sendable, Equatable {
        var available: Int
        var sold: Int
        var valueCents: Int
        var bySpecies: [String: Int]
    }

    /// The current stock figures (what `GET /store/inventory` answers right now).
    var inventory: Inventory {
        Self.inventory(in: state)
    }

    private static func inventory(in state: LockedState<State>) -> Inventory {
        state.withLock { state in
            var bySpecies: [String: Int] = [:]
            var value = 0
            for (id, count) in state.stock {
                guard let pet = state.pets[id] else { continue }
                bySpecies[pet.species, default: 0] += count
                value += count * pet.price_cents
            }
            return Inventory(
                available: state.stock.values.reduce(0, +), sold: state.orders, valueCents: value, bySpecies: bySpecies)
        }
    }

    /// `GET /store/inventory`: integers as strings and as doubles, like many real servers send them.
    private static func inventory(state: LockedState<State>) -> MockResponse {
        let inventory = inventory(in: state)
        let species = inventory.bySpecies.keys.sorted().enumerated().map { index, name in
            // Alternate the two shapes: "3" and 3.0.
            let count = inventory.bySpecies[name] ?? 0
            return index.isMultiple(of: 2) ? #""\#(name)":"\#(count)""# : #""\#(name)":\#(count).0"#
        }
        let bySpecies = species.joined(separator: ",")
        return .json(#"{"available":"\#(inventory.available)","sold":\#(inventory.sold).0,"value_cents":"\#(inventory.valueCents)","by_species":{\#(bySpecies)}}"#)
    }

    /// `POST /store/orders`: 409 with `{code, message, available}` when there is not enough stock.
    private static func placeOrder(_ request: RecordedRequest, state: LockedState<State>) -> MockResponse {
        struct Order: Decodable {
            var pet_id: Int64
            var quantity: Int
        }
        guard let order = try? JSONDecoder().decode(Order.self, from: request.body) else {
            return error(400, "bad_json", "send {\"pet_id\": …, \"quantity\": …}")
        }
        guard order.quantity >= 1 else { return error(422, "bad_quantity", "quantity must be ≥ 1") }
        enum Outcome {
            case noPet
            case short(name: String, available: Int)
            case placed(String)
        }
        let outcome: Outcome = state.withLock { state in
            guard let pet = state.pets[order.pet_id] else { return .noPet }
            let available = state.stock[order.pet_id] ?? 0
            guard order.quantity <= available else { return .short(name: pet.name, available: available) }
            state.stock[order.pet_id] = available - order.quantity
            state.orders += 1
            return .placed("ord-\(state.orders)")
        }
        switch outcome {
        case .noPet:
            return error(404, "pet_not_found", "no pet with id \(order.pet_id)")
        case .short(let name, let available):
            let message = "only \(available) \(name) left, \(order.quantity) ordered"
            return .json(#"{"code":"out_of_stock","message":"\#(message)","available":\#(available)}"#, status: 409)
        case .placed(let orderID):
            return .json(#"{"order_id":"\#(orderID)","status":"placed"}"#, status: 201)
        }
    }

    /// `GET /store/featured`: `503` with `Retry-After: 1` on the first call, the list afterwards.
    private static func featured(state: LockedState<State>) -> MockResponse {
        let (call, pets) = state.withLock { state in
            state.featuredCalls += 1
            return (state.featuredCalls, state.pets.values.filter { $0.tags.contains("puppy") || $0.species == "bird" })
        }
        if call == 1 {
            return error(503, "warming_up", "the store is opening, try again in a second").header("Retry-After", "1")
        }
        return json(pets.sorted { $0.id < $1.id })
    }

    // MARK: - HTTP state and streams

    /// The session cookie's value.
    static let sessionID = "c0ffee42"

    /// `GET /store/hours`: shared by every user (`public`, so stored although the request has `Authorization`),
    /// revalidated on every use (`no-cache`), answered `304` while the ETag matches.
    private static func hours(_ request: RecordedRequest) -> MockResponse {
        let etag = "\"hours-v1\""
        if request.headers["If-None-Match"] == etag {
            return MockResponse(status: 304).header("ETag", etag).header("Cache-Control", "public, no-cache")
        }
        return json(["open": "09:00", "close": "18:00"]).header("ETag", etag).header("Cache-Control", "public, no-cache")
    }

    /// `GET /session`: who the session cookie belongs to, or 401 without it.
    private static func session(_ request: RecordedRequest) -> MockResponse {
        guard request.headers["Cookie"]?.contains("store_session=\(sessionID)") == true else {
            return error(401, "no_session", "log in first: POST /session")
        }
        return json(["user": "demo", "session": sessionID])
    }

    /// The assistant's answer, one word per Server-Sent Event.
    static let assistantWords = ["Rex", " is", " a", " friendly", " dog", "."]

    /// `POST /assistant`: a fake chat completion as Server-Sent Events, one word per event, then a `done` chunk.
    private static func assistant() -> MockResponse {
        let events = assistantWords.enumerated().map { index, word in
            "id: \(index + 1)\nevent: delta\ndata: {\"text\":\"\(word)\"}\n\n"
        }
        return .eventStream(events + ["event: done\ndata: {\"done\":true}\n\n"], pause: .milliseconds(15))
    }

    // MARK: - Responses

    private static func shortBody(of response: MockResponse) -> Data? {
        guard case .data(let data) = response.body, data.count <= 4096 else { return nil }
        return data
    }

    private static func json(_ value: some Encodable, status: Int = 200) -> MockResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try .json(value, status: status, encoder: encoder)
        } catch {
            return Self.error(500, "server_bug", "could not encode the response: \(error)")
        }
    }

    private static func error(_ status: Int, _ code: String, _ message: String) -> MockResponse {
        struct Body: Encodable {
            var code: String
            var message: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(Body(code: code, message: message))) ?? Data(code.utf8)
        return .data(data, status: status, contentType: "application/json")
    }
}
