/// The validated declarations of one `.http` file, in source order. Public as an opaque value, for
/// `SwiftGenerator.generate(_:)`; its contents are not.
public struct ValidatedFile: Sendable {
    /// The file's name as given.
    package let sourceName: String
    /// The declarations in source order.
    package let declarations: [ModelDeclaration]
}
