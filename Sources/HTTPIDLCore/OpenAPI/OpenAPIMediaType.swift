import Foundation

/// How `.http` can carry a media type of a request or response body.
enum OpenAPIMediaType: Int, Comparable {
    /// Preferred first: JSON (`application/json`, `…+json`), form, multipart, raw bytes, then anything else.
    case json, form, multipart, binary, text, other

    init(_ name: String) {
        let type = name.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "application/json" || type.hasSuffix("+json") || type.hasSuffix("/json") || type.contains("json") || type == "*/*" {
            self = .json
        } else if type == "application/x-www-form-urlencoded" {
            self = .form
        } else if type.hasPrefix("multipart/") {
            self = .multipart
        } else if type == "application/octet-stream" || type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/")
                    || type == "application/zip" || type == "application/pdf" || type.hasSuffix("-stream") {
            self = .binary
        } else if type.hasPrefix("text/") {
            self = .text
        } else {
            self = .other
        }
    }

    static func < (lhs: OpenAPIMediaType, rhs: OpenAPIMediaType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The preferred entry of a `content` mapping.
    static func preferred(_ content: YAMLNode?) -> (name: String, kind: OpenAPIMediaType, media: YAMLNode)? {
        var best: (name: String, kind: OpenAPIMediaType, media: YAMLNode)?
        for entry in content?.entries ?? [] {
            let kind = OpenAPIMediaType(entry.key)
            if let current = best, current.kind <= kind { continue }
            best = (entry.key, kind, entry.value)
        }
        return best
    }
}
