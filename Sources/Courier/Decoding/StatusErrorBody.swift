import CourierHTTP
import Foundation

/// An `APIErrorBody` whose type depends on the failing status: 404 a `NotFound`, 422 a `ValidationError`.
///
/// The client decodes such a body with `init(statusCode:body:headers:decoder:)`, which picks the type for the
/// status, instead of `init(from:)`; `failure.errorBody(as:)` returns it. httpidl generates one for an operation
/// whose `ERROR 404 { … }` and `ERROR 422 { … }` bodies differ:
///
/// ```swift
/// catch NetworkError.httpStatus(let failure) {
///     switch failure.errorBody(as: GetRepoErrorBody.self) {
///     case .status404(let notFound)?: print(notFound.message)
///     case .status422(let invalid)?: print(invalid.errors)
///     default: print(failure.statusCode)
///     }
/// }
/// ```
public protocol StatusErrorBody: Decodable, Sendable {
    /// Decodes `body`, the body of a response with `statusCode`, as the type that status declares, with `decoder`
    /// (the endpoint's, else the client's); throws when the status declares none or the body does not decode.
    init(statusCode: Int, body: Data, headers: HTTPHeaders, decoder: any ResponseDecoder) throws
}
