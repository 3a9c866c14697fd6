/// The typed, validated form of the compiled `.http` files: what the Swift generator consumes. Public as an
/// opaque value (`HTTPIDLCompiler.Result.model`, handed to `OpenAPIExporter.export`); its contents are not.
public struct ValidatedModel: Sendable {
    /// One entry per input file, in input order.
    package let files: [ValidatedFile]
}
