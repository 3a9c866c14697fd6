import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `request-build`: building an `HTTPRequest` from an endpoint (path parameters, query DTO, JSON body) vs a
/// hand-built `URLRequest` (string-built URL + `JSONEncoder`) in the same run.
enum RequestBuildBenchmarks {
    struct SearchQuery: Encodable, Sendable {
        let q: String
        let page: Int
        let tags: [String]
    }

    struct Payload: Encodable, Sendable {
        let title: String
        let body: String
        let userId: Int
        let labels: [String]
    }

    struct CreatePost: APIDefinition {
        typealias APIResponse = EmptyResponse
        let orgId: String
        let boardId: Int
        let query: (any Encodable & Sendable)?
        let payload: Payload
        var method: HTTPMethod { .post }
        var path: EndpointPath { "/orgs/\(orgId)/boards/\(boardId)/posts" }
        var body: RequestBody? { .json(payload) }
        var headers: HTTPHeaders { ["Accept": "application/json"] }
    }

    static let suite = BenchmarkSuite(
        name: "request-build",
        summary: "HTTPRequest from an endpoint (path params, query DTO, JSON body) vs a hand-built URLRequest"
    ) {
        let baseURL = URL(string: "https://api.example.com/v1")!
        let query = SearchQuery(q: "kim lee", page: 2, tags: ["a", "b"])
        let payload = Payload(title: "Hello", body: "World of requests", userId: 42, labels: ["x", "y", "z"])
        let endpoint = CreatePost(orgId: "acme inc", boardId: 7, query: query, payload: payload)
        let defaults = RequestDefaults(headers: ["User-Agent": "courier-bench"])

        do {
            let request = try HTTPRequest(endpoint, baseURL: baseURL, defaults: defaults)
            print("  \(request.method) \(request.url.absoluteString)")
        } catch {
            print("  request-build failed: \(error)")
            return
        }

        let iterations = 20_000
        let courier = (try? Measure.nanosecondsPerOp(iterations: iterations) {
            let request = try HTTPRequest(endpoint, baseURL: baseURL, defaults: defaults)
            Measure.blackHole(request)
        }) ?? .nan

        let baseline = (try? Measure.nanosecondsPerOp(iterations: iterations) {
            // What a careful hand-written call site does: encode the path segment, build the query by hand,
            // encode the body with a sorted-keys JSONEncoder.
            let org = "acme inc".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? ""
            let q = query.q.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""
            var string = baseURL.absoluteString + "/orgs/" + org + "/boards/\(7)/posts?page=\(query.page)&q=" + q
            for (index, tag) in query.tags.enumerated() {
                string += "&tags%5B\(index)%5D=" + (tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            }
            guard let url = URL(string: string) else { return }
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("courier-bench", forHTTPHeaderField: "User-Agent")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            request.httpBody = try encoder.encode(payload)
            Measure.blackHole(request)
        }) ?? .nan

        Measure.report("path params + query + JSON body", courier: courier, baseline: baseline)

        // The same without a body: URL construction and query encoding alone.
        let getEndpoint = EndpointBuilder.get("/orgs/\("acme inc")/boards/\(7)/posts").query(query)
        let courierGet = (try? Measure.nanosecondsPerOp(iterations: iterations) {
            Measure.blackHole(try HTTPRequest(getEndpoint, baseURL: baseURL, defaults: defaults))
        }) ?? .nan
        let baselineGet = Measure.nanosecondsPerOp(iterations: iterations) {
            let org = "acme inc".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? ""
            let q = query.q.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""
            var string = baseURL.absoluteString + "/orgs/" + org + "/boards/\(7)/posts?page=\(query.page)&q=" + q
            for (index, tag) in query.tags.enumerated() {
                string += "&tags%5B\(index)%5D=" + (tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            }
            guard let url = URL(string: string) else { return }
            var request = URLRequest(url: url)
            request.setValue("courier-bench", forHTTPHeaderField: "User-Agent")
            Measure.blackHole(request)
        }
        Measure.report("path params + query (GET)", courier: courierGet, baseline: baselineGet)
    }
}
