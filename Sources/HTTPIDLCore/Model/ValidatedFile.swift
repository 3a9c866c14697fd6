/// The validated declarations of one `.http` file, in source order: one entry of a ``ValidatedModel``, which
/// the Swift generator turns into one generated file (or several parts). No public API takes or returns it
/// (the generator's entry points are package-internal): use ``HTTPIDLCompiler``, which hands each file to the
/// generator.
public struct ValidatedFile: Sendable {
    /// The file's name as given.
    package let sourceName: String
    /// The declarations in source order.
    package let declarations: [ModelDeclaration]
}
