/// How a request body is encoded.
package enum BodyEncoding: String, Sendable, Hashable, CaseIterable {
    /// JSON (default), `application/x-www-form-urlencoded`, `multipart/form-data`, or one raw FILE/BLOB.
    case json = "JSON", form = "FORM", multipart = "MULTIPART", binary = "BINARY"
}
