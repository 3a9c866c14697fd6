import CourierHTTP
import Foundation

extension HTTPRequest {
    /// Builds the request for `endpoint` against `baseURL`: the exact URL (see `RequestURLBuilder`), the query
    /// encoded from the endpoint's query DTO, the body encoded by its `RequestBody`, and validated headers.
    /// Pure: no network, no clock — so a test can assert on the exact URL, headers and body an endpoint
    /// produces, and code that signs requests can see them before a client sends them.
    ///
    /// - The seed-style `parameters` DTO goes into the query for `GET`, `HEAD`, `DELETE`, `OPTIONS` and
    ///   `TRACE`, and into a JSON body otherwise; it may not be combined with a `query` (resp. `body`) that would
    ///   land in the same place.
    /// - Headers: `defaults.headers`, then the endpoint's headers (replacing fields of the same name), then the
    ///   body's `Content-Type` unless the endpoint sets its own. A request without a body never carries
    ///   `Content-Type`.
    /// - Timeout, acceptable status codes, response size limit and retry policy: the endpoint's, else `defaults`'.
    ///
    /// ```swift
    /// let request = try HTTPRequest(GetUser(id: 7), baseURL: URL(string: "https://api.example.com/v1")!)
    /// // GET https://api.example.com/v1/users/7
    /// ```
    ///
    /// - Throws: `NetworkError.configuration` (invalid method, path, base URL, header, timeout, a body on
    ///   `GET`/`HEAD`/`TRACE`, clashing DTOs) or `NetworkError.encoding` (the query or body failed to encode).
    public init(_ endpoint: some Endpoint, baseURL: URL, defaults: RequestDefaults = .standard) throws(NetworkError) {
        try self.init(endpoint, base: RequestURLBuilder.base(baseURL), defaults: defaults)
    }

    /// The same, against a base URL a client checked once (`RequestURLBuilder.base(_:)`); with
    /// `defaultHeadersAreValid` (the client checked `defaults.headers` once) only the fields the endpoint and its
    /// body add are checked, which finds the same first invalid field.
    package init(
        _ endpoint: some Endpoint, base: borrowing RequestURLBuilder.Base, defaults: borrowing RequestDefaults,
        defaultHeadersAreValid: Bool = false
    ) throws(NetworkError) {
        let method = endpoint.method
        guard method.isValidToken else {
            throw .configuration(reason: .invalidRequest("'\(method.rawValue)' is not a valid HTTP method token"))
        }

        let (queryValue, requestBody) = try Self.queryAndBody(of: endpoint, method: method)
        var queryString: String?
        if let queryValue {
            queryString = try Self.encodeQuery(queryValue, with: endpoint.queryEncoder ?? defaults.queryEncoder)
        }
        let location = if let exactURL = endpoint.exactURL {
            try RequestURLBuilder.location(exact: exactURL, query: queryString)
        } else {
            try RequestURLBuilder.location(base: base, path: endpoint.path, query: queryString)
        }

        // Read once: a computed `headers` builds its fields anew on every read (two arrays for a literal).
        let endpointHeaders = endpoint.headers
        var headers = defaults.headers.isEmpty ? endpointHeaders : defaults.headers.merging(endpointHeaders)
        var body: HTTPBody?
        var addedContentType: String?
        if let requestBody {
            let encoded = try Self.encode(requestBody)
            body = encoded.body
            if let contentType = encoded.contentType, !endpointHeaders.contains("Content-Type") {
                headers["Content-Type"] = contentType
                addedContentType = contentType
            }
        } else {
            headers.remove(name: "Content-Type")
        }
        if defaultHeadersAreValid {
            try endpointHeaders.validate()
            if let addedContentType { try HTTPHeaders.validate(name: "Content-Type", value: addedContentType) }
        } else {
            try headers.validate()
        }

        let timeout = try Self.positive(endpoint.timeout ?? defaults.timeout)

        self.init(
            method: method,
            location: location,
            headers: headers,
            body: body,
            timeout: timeout,
            acceptableStatusCodes: endpoint.acceptableStatusCodes ?? defaults.acceptableStatusCodes,
            responseBodyMode: defaults.responseBodyMode,
            retryPolicy: endpoint.retryPolicy ?? defaults.retryPolicy,
            redirectPolicy: endpoint.redirectPolicy ?? defaults.redirectPolicy
        )
        if let cacheMode = endpoint.cacheMode { self.cacheMode = cacheMode }
    }

    /// The endpoint's query DTO and body, with `parameters` moved to whichever of the two `method` sends its
    /// fields in (the query for GET-like methods, a JSON body otherwise).
    ///
    /// - Throws: `.invalidRequest` when `parameters` and the place it would go are both set, or a body is set on a
    ///   method that sends none.
    private static func queryAndBody(
        of endpoint: some Endpoint, method: HTTPMethod
    ) throws(NetworkError) -> ((any Encodable & Sendable)?, RequestBody?) {
        var queryValue = endpoint.query
        var requestBody = endpoint.body
        if let parameters = endpoint.parameters {
            if method.sendsParametersInQuery {
                guard queryValue == nil else {
                    throw .configuration(reason: .invalidRequest(
                        "\(method) \(endpoint.path) sets both `parameters` and `query`; both would be the query"
                    ))
                }
                queryValue = parameters
            } else {
                guard requestBody == nil else {
                    throw .configuration(reason: .invalidRequest(
                        "\(method) \(endpoint.path) sets both `parameters` and `body`; both would be the body"
                    ))
                }
                requestBody = .json(parameters)
            }
        }
        if requestBody != nil, !method.allowsBody {
            throw .configuration(reason: .invalidRequest("a \(method) request cannot have a body (\(endpoint.path))"))
        }
        return (queryValue, requestBody)
    }

    /// The encoded body; an encoder's error that is not a `NetworkError` becomes `.encoding`.
    private static func encode(_ body: RequestBody) throws(NetworkError) -> EncodedBody {
        do {
            return try body.encoded()
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .encoding(EncodingFailure(error, part: .body))
        }
    }

    /// `timeout`, checked to be positive.
    private static func positive(_ timeout: Duration) throws(NetworkError) -> Duration {
        guard timeout > .zero else {
            throw .configuration(reason: .invalidRequest("the timeout \(timeout) is not a positive duration"))
        }
        return timeout
    }

    /// Encodes the query DTO into a percent-encoded query string.
    private static func encodeQuery(_ value: any Encodable & Sendable, with encoder: URLQueryEncoder) throws(NetworkError) -> String {
        do {
            return try encoder.encodeQueryString(value)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .encoding(EncodingFailure(error, part: .query))
        }
    }
}

extension HTTPMethod {
    /// Whether a seed-style `parameters` DTO goes into the query (`GET`, `HEAD`, `DELETE`, `OPTIONS`, `TRACE`)
    /// rather than a JSON body.
    package var sendsParametersInQuery: Bool {
        switch self {
        case .get, .head, .delete, .options, .trace: true
        default: false
        }
    }

    /// Whether a request with this method may carry a body (`GET`, `HEAD` and `TRACE` may not).
    package var allowsBody: Bool {
        switch self {
        case .get, .head, .trace: false
        default: true
        }
    }
}
