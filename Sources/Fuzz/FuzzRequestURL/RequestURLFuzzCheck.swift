import Courier
import Foundation
import FuzzingSupport

/// Request building from fuzzed base URLs, route text, path parameters and query values
/// (`HTTPRequest(endpoint, baseURL:)`). The input is NUL-separated: base URL, route text, a parameter, a
/// query value. Building either throws a `NetworkError` or gives a URL that re-parses to itself, keeps the
/// base URL's scheme, user, host and port, starts with the base path, ends with the parameter as exactly one
/// segment, and carries the query value back unchanged — so no input can redirect a request or change its
/// route.
enum RequestURLFuzzCheck {
    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let base = String(decoding: input.piece(), as: UTF8.self)
        let route = String(decoding: input.piece(), as: UTF8.self)
        let parameter = String(decoding: input.piece(), as: UTF8.self)
        let queryValue = String(decoding: input.rest(), as: UTF8.self)
        guard let baseURL = URL(string: base) else { return }

        var endpoint = EndpointBuilder.get(EndpointPath(components: [.literal(route), .literal("/"), .parameter(parameter)]))
        if !queryValue.isEmpty { endpoint = endpoint.query(["q": queryValue]) }
        let request: HTTPRequest
        do {
            request = try HTTPRequest(endpoint, baseURL: baseURL)
        } catch {
            return  // typed: the initializer throws only NetworkError
        }
        let url = request.url
        let text = url.absoluteString
        guard let reparsed = URL(string: text), reparsed.absoluteString == text else {
            FuzzDriver.fail("'\(text)' does not re-parse to itself", input: bytes)
        }
        let absoluteBase = baseURL.absoluteURL
        // Compared decoded and case-folded: `http://café` is sent as `http://xn--caf-dma`, the same host.
        guard reparsed.host?.lowercased() == absoluteBase.host?.lowercased() else {
            FuzzDriver.fail("host changed: '\(base)' → '\(text)'", input: bytes)
        }
        guard reparsed.scheme == absoluteBase.scheme, reparsed.port == absoluteBase.port,
              reparsed.user(percentEncoded: true) == absoluteBase.user(percentEncoded: true) else {
            FuzzDriver.fail("scheme, port or user changed: '\(base)' → '\(text)'", input: bytes)
        }
        guard reparsed.fragment == nil else { FuzzDriver.fail("'\(text)' has a fragment", input: bytes) }
        var basePath = absoluteBase.path(percentEncoded: true)
        if basePath.hasSuffix("/") { basePath.removeLast() }
        let path = reparsed.path(percentEncoded: true)
        guard path.hasPrefix(basePath) else {
            FuzzDriver.fail("path '\(path)' lost the base path '\(basePath)'", input: bytes)
        }
        let lastSegment = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard lastSegment.removingPercentEncoding == parameter else {
            FuzzDriver.fail("the parameter '\(parameter)' became the segment '\(lastSegment)' of '\(text)'", input: bytes)
        }
        let items = URLComponents(url: reparsed, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let expected = queryValue.isEmpty ? [] : [URLQueryItem(name: "q", value: queryValue)]
        guard items == expected else {
            FuzzDriver.fail("the query of '\(text)' is \(items), expected \(expected)", input: bytes)
        }
    }
}
