/// The query and body of a request, encoded by the request itself: a method per group writes the fields by their
/// wire keys, and the file's `HTTPIDLRequestFields` is the `Encodable` value that calls it. Before, each request
/// nested a `Query` and a `Body` struct holding a copy of its fields, with an initializer and a getter per field
/// (a fifth of what a large API's debug build compiled).
extension SwiftGenerator {
    // MARK: - Request fields

    /// `fileprivate func encodeQuery(to container: …) throws`: the fields, each by its wire key.
    func fieldsEncoding(_ name: String, what: String, fields: [ModelField]) -> SwiftMember {
        .function(doc: ["Encodes the \(what) by their wire keys."], access: "fileprivate", isStatic: false,
                  signature: "\(name)(to container: inout KeyedEncodingContainer<HTTPIDLCodingKey>) throws",
                  body: fields.map(encodeStatement))
    }

    /// The query (`isBody` false) or body of a request: the file's `HTTPIDLRequestFields` calling its method (a
    /// closure, which is `@Sendable` in the Swift 5 language mode too; a method reference is only in Swift 6).
    func requestFields(isBody: Bool) -> String {
        "HTTPIDLRequestFields { try self.\(isBody ? "encodeBody" : "encodeQuery")(to: &$0) }"
    }

    /// The `Encodable` query or body of a request, which its method encodes.
    var requestFieldsHelper: SwiftStruct {
        SwiftStruct(
            doc: ["The query or the body of a request, encoded by the request's `encodeQuery` or `encodeBody`."],
            access: "fileprivate", name: "HTTPIDLRequestFields", conformances: ["Encodable", "Sendable"],
            members: [
                .storedProperty(doc: [], access: "", isLet: true, name: "encodeFields",
                                type: "@Sendable (inout KeyedEncodingContainer<HTTPIDLCodingKey>) throws -> Void"),
                .function(doc: [], access: "", isStatic: false, signature: "encode(to encoder: any Encoder) throws",
                          body: ["var container = encoder.container(keyedBy: HTTPIDLCodingKey.self)", "try self.encodeFields(&container)"]),
            ])
    }
}
