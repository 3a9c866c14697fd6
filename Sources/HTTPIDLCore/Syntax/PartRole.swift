/// The role of a message part.
package enum PartRole: String, Sendable, Hashable {
    /// The request, the response, or the typed error body.
    case request = "REQUEST", response = "RESPONSE", error = "ERROR"
}
