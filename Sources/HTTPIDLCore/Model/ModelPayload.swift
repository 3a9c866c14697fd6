/// A body or response: named fields, one value, or nothing.
package enum ModelPayload: Sendable {
    /// Named fields.
    case fields([ModelField])
    /// `{ TYPE; }` — the whole body is one value.
    case single(ModelType)
    /// `{}`.
    case empty
}
