import CourierHTTP
import Foundation

extension HTTPStatusFailure {
    /// Decodes the body as `type`: use it when you need the reason a body did not decode, which `errorBody(as:)`
    /// turns into `nil`. It decodes with `decoder` when you pass one, else with the decoder `errorBody(as:)` uses:
    /// the endpoint's `responseDecoder`, else the client's `Configuration.decoder` (a failure not thrown by a
    /// client, made with `init`, falls back to `JSONResponseDecoder()`). A ``StatusErrorBody`` (the per-status
    /// error enum httpidl generates) is decoded as the type its status declares.
    ///
    /// - Throws: `NetworkError.decoding`, saying why, with this response's status, headers and body.
    public func decodeBody<T: Decodable>(as type: T.Type, using decoder: (any ResponseDecoder)? = nil) throws(NetworkError) -> T {
        let decoder = decoder ?? bodyDecoder as? any ResponseDecoder ?? JSONResponseDecoder()
        return try ResponseDecoding.decode(
            type, body: body, statusCode: statusCode, headers: headers, with: decoder, selectsByStatus: true)
    }

    /// The error body as `type`, for every kind of endpoint: the `APIErrorBody` the endpoint declared when it is
    /// of that type, else the body decoded now with the endpoint's (else the client's) decoder; `nil` when the
    /// body is empty or is not a `type` (`errorBodyFailure` says why a declared one failed; `decodeBody(as:using:)`
    /// throws the reason).
    ///
    /// ```swift
    /// catch NetworkError.httpStatus(let failure) { print(failure.errorBody(as: APIProblem.self)?.title ?? "-") }
    /// ```
    public func errorBody<T: Decodable>(as type: T.Type) -> T? {
        if let decoded = errorBody as? T { return decoded }
        guard !body.isEmpty else { return nil }
        return try? decodeBody(as: type)
    }
}
