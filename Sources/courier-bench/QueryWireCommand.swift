import Courier
import Foundation
import URLQueryCoding

/// `courier-bench query-wire`: a hidden helper for `Scripts/interop-query.sh`, not a benchmark.
///
/// Reads one JSON request per line on standard input —
/// `{"arrays": "indexed", "objects": "brackets", "form": false, "rootKey": null, "model": {…}}` —
/// encodes `model` with `URLQueryEncoder` in that configuration and prints one line per request: the
/// wire string, or `!error <description>` when the encoder rejects the model.
///
/// `query-wire --over urlSession|socket` sends each encodable model through `NetworkClient` over that transport
/// to an embedded server and prints what the server received instead: the query of a `GET` (the endpoint's
/// `query` DTO) or the body of a form `POST`. With a `rootKey` the encoder's string is sent as it is.
enum QueryWireCommand {
    struct Request: Decodable {
        let arrays: String
        let objects: String
        let form: Bool?
        let rootKey: String?
        let model: QueryWireValue
    }

    static func run(_ arguments: [String]) async -> Int32 {
        var capture: WireCapture?
        if arguments.count == 2, arguments[0] == "--over" {
            guard let transport = WireCapture.transport(named: arguments[1]), let made = try? WireCapture(transport: transport) else {
                FileHandle.standardError.write(Data("query-wire: no transport \(arguments[1])\n".utf8))
                return 2
            }
            capture = made
        } else if !arguments.isEmpty {
            FileHandle.standardError.write(Data("usage: courier-bench query-wire [--over urlSession|socket]\n".utf8))
            return 2
        }
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            do {
                let request = try decoder.decode(Request.self, from: Data(line.utf8))
                guard let arrays = arrayStrategy(request.arrays), let objects = objectStrategy(request.objects) else {
                    print("!error unknown strategy \(request.arrays)/\(request.objects)")
                    continue
                }
                let encoder = URLQueryEncoder(arrayEncodingStrategy: arrays, objectEncodingStrategy: objects)
                let wire = request.form == true
                    ? String(decoding: try encoder.encodeFormBody(request.model, rootKey: request.rootKey), as: UTF8.self)
                    : try encoder.encodeQueryString(request.model, rootKey: request.rootKey)
                guard let capture else {
                    print(wire)
                    continue
                }
                print(try await received(request, wire: wire, encoder: encoder, through: capture))
            } catch {
                print("!error \(error)".replacingOccurrences(of: "\n", with: " "))
            }
        }
        return 0
    }

    /// What the server received for `request` sent over `capture`'s transport.
    private static func received(_ request: Request, wire: String, encoder: URLQueryEncoder, through capture: WireCapture) async throws -> String {
        let form = request.form == true
        var endpoint = EndpointBuilder<Data>.request(form ? .post : .get, "/q")
        switch (form, request.rootKey) {
        case (true, nil): endpoint = endpoint.body(.form(request.model, encoder: encoder))
        case (false, nil): endpoint = endpoint.query(request.model, encoder: encoder)
        case (true, _): endpoint = endpoint.body(.data(Data(wire.utf8), contentType: "application/x-www-form-urlencoded"))
        case (false, _): return try await capture.get("/q", rawQuery: wire).query ?? ""
        }
        let recorded = try await capture.send(endpoint)
        return form ? String(decoding: recorded.body, as: UTF8.self) : recorded.query ?? ""
    }

    static func arrayStrategy(_ name: String) -> URLQueryEncoder.ArrayEncodingStrategy? {
        URLQueryEncoder.ArrayEncodingStrategy.allCases.first { "\($0)" == name }
    }

    static func objectStrategy(_ name: String) -> URLQueryEncoder.ObjectEncodingStrategy? {
        URLQueryEncoder.ObjectEncodingStrategy.allCases.first { "\($0)" == name }
    }
}

/// Any JSON value, encodable through `URLQueryEncoder` (objects become keyed containers, arrays
/// unkeyed ones, `null` a nil).
indirect enum QueryWireValue: Codable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([QueryWireValue])
    case object([String: QueryWireValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([QueryWireValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: QueryWireValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let members):
            var container = encoder.container(keyedBy: WireKey.self)
            for (key, value) in members { try container.encode(value, forKey: WireKey(stringValue: key)) }
        }
    }

    struct WireKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
