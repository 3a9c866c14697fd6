/// The validated declarations of one `.http` file, in source order: one entry of a `ValidatedModel`, which
/// the Swift generator turns into one generated file (or several parts). Package-internal, as the model's
/// contents and the generator's entry points are: tools go through `HTTPIDLCompiler`, which hands each file to
/// the generator.
package struct ValidatedFile: Sendable {
    /// The file's name as given.
    package let sourceName: String
    /// The declarations in source order.
    package let declarations: [ModelDeclaration]
}
