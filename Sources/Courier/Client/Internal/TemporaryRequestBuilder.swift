// TEMPORARY shim until the endpoints module lands on main; delete on merge.
import Foundation

public struct RequestDefaults: Sendable {
    public var headers: HTTPHeaders
    public init(headers: HTTPHeaders = [:]) { self.headers = headers }
}

public protocol ResponseDecoder: Sendable {
    func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T
}

public struct JSONResponseDecoder: ResponseDecoder {
    public init() {}
    public func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        try JSONDecoder().decode(type, from: response.body)
    }
}

extension APIDefinition {
    public var responseDecoder: (any ResponseDecoder)? { nil }
}

extension HTTPRequest {
    public init(_ endpoint: some Endpoint, baseURL: URL, defaults: RequestDefaults = RequestDefaults()) throws(NetworkError) {
        var text = ""
        for component in endpoint.path.components {
            switch component {
            case .literal(let literal): text += literal
            case .parameter(let value): text += value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
            }
        }
        guard let url = URL(string: baseURL.absoluteString + text) else {
            throw .configuration(reason: .invalidRequest("bad path"))
        }
        var headers = defaults.headers.merging(endpoint.headers)
        var body: HTTPBody?
        if let requestBody = endpoint.body {
            do {
                let encoded = try requestBody.encoded()
                body = encoded.body
                if let type = encoded.contentType { headers["Content-Type"] = type }
            } catch {
                throw .encoding(EncodingFailure(part: .body, message: "\(error)"))
            }
        }
        self.init(method: endpoint.method, url: url, headers: headers, body: body, timeout: endpoint.timeout,
                  acceptableStatusCodes: endpoint.acceptableStatusCodes, retryPolicy: endpoint.retryPolicy)
    }
}

struct TempBody: RequestBodyEncoder {
    var contentType: String?
    var body: HTTPBody
    func encodeBody() throws -> EncodedBody { EncodedBody(contentType: contentType, body: body) }
}

extension RequestBody {
    public static func json<T: Encodable & Sendable>(_ value: T) -> RequestBody {
        RequestBody(TempBody(contentType: "application/json", body: .data((try? JSONEncoder().encode(value)) ?? Data())))
    }
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(TempBody(contentType: contentType, body: .data(data)))
    }
    public static func file(_ url: URL, contentType: String) -> RequestBody {
        RequestBody(TempBody(contentType: contentType, body: .file(url)))
    }
}
