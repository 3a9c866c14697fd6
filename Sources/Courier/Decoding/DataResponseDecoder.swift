import Foundation

/// Returns the body bytes unchanged as `Data`.
public struct DataResponseDecoder: ResponseDecoder {
    /// Creates the decoder.
    public init() {}

    /// Returns the body as `Data` (or `EmptyResponse`).
    ///
    /// - Throws: `NetworkError.decoding` when `type` is not `Data`.
    public func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        if let empty = Self.emptyResponse(as: type) { return empty }
        guard let value = response.body as? T else {
            throw NetworkError.decoding(DecodingFailure(
                typeName: String(describing: type), codingPath: "", message: "DataResponseDecoder decodes only Data"
            ))
        }
        return value
    }
}
