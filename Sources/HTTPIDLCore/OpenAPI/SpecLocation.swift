import Foundation

/// Where an imported declaration comes from: the JSON pointer of its component schema or operation
/// (`#/paths/~1threads~1{id}/post`) and the offset of that node in the spec.
struct SpecLocation: Sendable, Hashable {
    /// The JSON pointer (RFC 6901) as a URI fragment.
    let pointer: String
    /// The node's offset in the spec's text.
    let offset: Int

    /// `["paths", "/a/{b}", "get"]` → `#/paths/~1a~1{b}/get` (`~` → `~0`, `/` → `~1`).
    static func pointer(_ tokens: [String]) -> String {
        "#" + tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }
}
