import Foundation

extension RequestBody {
    /// A JSON body (`application/json`), encoded when the request is built: the body most APIs take. The
    /// default encoder writes dates the way the client's default decoder reads them; a value that fails to
    /// encode throws `NetworkError.encoding` with its coding path.
    ///
    /// ```swift
    /// var body: RequestBody? { .json(AddLinkRequestDTO(url: link)) }
    /// ```
    public static func json<T: Encodable & Sendable>(_ value: T, encoder: JSONEncoder = RequestBody.defaultJSONEncoder) -> RequestBody {
        RequestBody(JSONBodyEncoder(value, encoder: encoder))
    }

    /// An `application/x-www-form-urlencoded` body encoded by `encoder` (spaces as `+`), for login and OAuth
    /// token endpoints and HTML-form backends. It follows the same nesting and array conventions as the query,
    /// so pass the server's convention in `encoder`.
    ///
    /// ```swift
    /// var body: RequestBody? { .form(LoginForm(username: "kim", password: secret)) }   // password=...&username=kim
    /// ```
    public static func form<T: Encodable & Sendable>(_ value: T, encoder: URLQueryEncoder = .init()) -> RequestBody {
        RequestBody(FormBodyEncoder(value, encoder: encoder))
    }

    /// Raw bytes with the given `Content-Type`, sent unchanged: for formats Courier has no encoder for
    /// (protobuf, images, signed payloads).
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(DataBodyEncoder(data, contentType: contentType))
    }

    /// A file streamed from disk with the given `Content-Type` (never read whole into memory), for uploads of
    /// any size. A missing, unreadable or directory path throws `NetworkError.encoding` when the request is
    /// built, before anything is sent.
    public static func file(_ url: URL, contentType: String) -> RequestBody {
        RequestBody(FileBodyEncoder(url, contentType: contentType))
    }

    /// The encoder `.json(_:)` uses unless given another: a fresh `JSONEncoder` with ISO-8601 dates in UTC with
    /// milliseconds (`2024-05-01T09:30:00.250Z`, what the client's default decoder and JavaScript's `Date` read
    /// back, and the query encoder's default format), sorted keys (deterministic bytes) and unescaped slashes;
    /// `Data` as Base64.
    public static var defaultJSONEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            guard let text = ISO8601Format.string(from: date, fractionalSeconds: true) else {
                throw EncodingError.invalidValue(date, .init(
                    codingPath: encoder.codingPath, debugDescription: "the date \(date) has no ISO-8601 form (year outside 1...9999)"))
            }
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
