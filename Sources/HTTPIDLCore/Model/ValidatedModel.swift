/// The typed, validated form of the compiled `.http` files: what the Swift generator consumes.
public struct ValidatedModel: Sendable {
    /// One entry per input file, in input order.
    public var files: [ValidatedFile] { storage.files }

    private let storage: Storage

    init(files: [ValidatedFile]) {
        storage = Storage(files: files)
    }

    /// The files, shared by the copies of a model. When the last copy goes, a large model's files are freed
    /// on a thread of their own (see `BackgroundRelease`): their many small objects take tens of milliseconds
    /// to free, which the caller that drops a compiler's result would otherwise wait for.
    private final class Storage: Sendable {
        let files: [ValidatedFile]

        init(files: [ValidatedFile]) {
            self.files = files
        }

        deinit {
            let declarations = files.reduce(0) { $0 + $1.declarations.count }
            if declarations >= HTTPIDLCompiler.backgroundReleaseDeclarations { BackgroundRelease.release(files) }
        }
    }
}
