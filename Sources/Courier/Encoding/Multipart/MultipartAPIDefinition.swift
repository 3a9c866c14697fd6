import CourierHTTP
/// An endpoint whose body is a `multipart/form-data` form: supply `multipartFormData` and the body follows.
/// The method defaults to `POST`.
///
/// ```swift
/// struct UploadAvatar: MultipartAPIDefinition {
///     typealias APIResponse = EmptyResponse
///     let userId: Int
///     let image: URL
///     var path: EndpointPath { "/users/\(userId)/avatar" }
///     var multipartFormData: MultipartFormData {
///         var form = MultipartFormData()
///         form.append(fileAt: image, name: "image")
///         return form
///     }
/// }
/// ```
public protocol MultipartAPIDefinition: APIDefinition {
    /// The form sent as the body, built on each read: keep it cheap (file parts are references to disk, not
    /// their bytes).
    var multipartFormData: MultipartFormData { get }
}

extension MultipartAPIDefinition {
    /// `POST`, the method of HTML form uploads and of nearly every multipart API; override it for `PUT`.
    public var method: HTTPMethod { .post }

    /// `multipartFormData` as a multipart body, so a conformer only describes its parts.
    public var body: RequestBody? { .multipart(multipartFormData) }
}
