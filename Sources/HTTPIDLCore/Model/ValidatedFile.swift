/// The validated declarations of one `.http` file, in source order.
public struct ValidatedFile: Sendable {
    /// The file's name as given.
    public let sourceName: String
    /// The declarations in source order.
    public let declarations: [ModelDeclaration]
}
