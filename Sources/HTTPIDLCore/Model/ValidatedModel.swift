/// The typed, validated form of the compiled `.http` files: what the Swift generator consumes. Public as an
/// opaque value (`HTTPIDLCompiler.Result.model`, handed to `OpenAPIExporter.export`); its contents are not,
/// so the model can change with the language without breaking tools that pass it along.
public struct ValidatedModel: Sendable {
    /// One entry per input file, in input order.
    package let files: [ValidatedFile]
}
