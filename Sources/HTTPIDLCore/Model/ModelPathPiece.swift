/// One piece of a request path.
package enum ModelPathPiece: Sendable, Hashable {
    /// Route text.
    case literal(String)
    /// A path parameter, by Swift property name.
    case parameter(swiftName: String, type: ModelType)
}
