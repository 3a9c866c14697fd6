import CourierHTTP
import Foundation

/// The one place a response body becomes a value: `EmptyResponse` ignores the body, `Data` is the body itself,
/// anything else goes to the decoder, and every failure becomes `NetworkError.decoding` with the response's
/// status, headers and first bytes.
package enum ResponseDecoding {
    package static func decode<T: Decodable>(
        _ type: T.Type, body: Data, statusCode: Int?, headers: HTTPHeaders, with decoder: any ResponseDecoder,
        selectsByStatus: Bool = false
    ) throws(NetworkError) -> T {
        // Metatype comparisons first: they are cheap, and the casts only run when they already match.
        if T.self == EmptyResponse.self, let empty = EmptyResponse() as? T { return empty }
        if T.self == Data.self, let data = body as? T { return data }
        do {
            // An error body (`selectsByStatus`) that is a `StatusErrorBody` picks its type by the status.
            if selectsByStatus, let statusCode, let selected = T.self as? any StatusErrorBody.Type,
               let value = try selected.init(statusCode: statusCode, body: body, headers: headers, decoder: decoder) as? T {
                return value
            }
            return try decoder.decode(type, from: body, headers: headers)
        } catch {
            var failure: DecodingFailure
            if case .decoding(let inner) = error as? NetworkError {
                failure = inner
            } else if let error = error as? NetworkError {
                throw error
            } else {
                failure = DecodingFailure(error, decoding: type)
            }
            failure = DecodingFailure(
                typeName: failure.typeName, codingPath: failure.codingPath, message: failure.message,
                statusCode: statusCode, headers: headers, body: body)
            throw .decoding(failure)
        }
    }
}
