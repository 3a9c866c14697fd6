import Foundation
import URLQueryCoding

/// `courier-bench query-wire`: a hidden helper for `Scripts/interop-query.sh`, not a benchmark.
///
/// Reads one JSON request per line on standard input —
/// `{"arrays": "indexed", "objects": "brackets", "form": false, "rootKey": null, "model": {…}}` —
/// encodes `model` with `URLQueryEncoder` in that configuration and prints one line per request: the
/// wire string, or `!error <description>` when the encoder rejects the model.
enum QueryWireCommand {
    struct Request: Decodable {
        let arrays: String
        let objects: String
        let form: Bool?
        let rootKey: String?
        let model: QueryWireValue
    }

    static func run() {
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
                if request.form == true {
                    print(String(decoding: try encoder.encodeFormBody(request.model, rootKey: request.rootKey), as: UTF8.self))
                } else {
                    print(try encoder.encodeQueryString(request.model, rootKey: request.rootKey))
                }
            } catch {
                print("!error \(error)".replacingOccurrences(of: "\n", with: " "))
            }
        }
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
indirect enum QueryWireValue: Codable {
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
