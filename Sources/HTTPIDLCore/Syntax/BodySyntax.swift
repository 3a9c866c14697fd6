/// `{ fields }`, `{ TYPE; }` (a single value) or `{}`.
package struct BodySyntax: Sendable, Hashable {
    /// What the braces contain.
    package enum Content: Sendable, Hashable {
        /// Named fields (possibly none).
        case fields([FieldSyntax])
        /// `{ TYPE; }` — the whole body is one value.
        case single(TypeSyntax, doc: [String])
    }

    /// The content.
    package let content: Content
    /// From `{` to `}`.
    package let range: SourceRange
    /// `BODY TYPE;` among named fields: the whole request body is this one value, next to path, query and
    /// header fields (the single-value form of a request that also has parameters).
    package var bodyValue: TypeSyntax?

    /// Creates a body.
    package init(content: Content, range: SourceRange) {
        self.content = content
        self.range = range
    }

    /// The fields (empty for a single-value body).
    package var fields: [FieldSyntax] {
        if case .fields(let fields) = content { return fields }
        return []
    }
}
