/// The typed, validated form of the compiled `.http` files: what the Swift generator consumes.
public struct ValidatedModel: Sendable {
    /// One entry per input file, in input order.
    public let files: [ValidatedFile]
}
