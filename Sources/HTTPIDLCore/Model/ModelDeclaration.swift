/// A validated declaration.
package enum ModelDeclaration: Sendable {
    /// An endpoint group (one URI).
    case message(ModelMessage)
    /// A model struct.
    case structure(ModelStruct)
    /// An enum with a fallback case.
    case enumeration(ModelEnum)
    /// A value of one of several types.
    case union(ModelUnion)
}
