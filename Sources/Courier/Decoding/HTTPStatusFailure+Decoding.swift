import CourierHTTP
import Foundation

extension HTTPStatusFailure {
    /// Decodes the body as `type` with `decoder` (by default the client's default, tolerant JSON).
    ///
    /// - Throws: `NetworkError.decoding`, saying why, with this response's status, headers and body.
    public func decodeBody<T: Decodable>(as type: T.Type, using decoder: any ResponseDecoder = JSONResponseDecoder()) throws(NetworkError) -> T {
        try ResponseDecoding.decode(type, body: body, statusCode: statusCode, headers: headers, with: decoder)
    }
}
