import HTTPIDLCore

/// What `FuzzOpenAPIImport` checks for each input: the reader, the importer and the compiler end in output or
/// diagnostics, never a crash or a hang, and give the same answer twice (import is deterministic).
enum OpenAPIImportFuzzCheck {
    static func check(_ bytes: [UInt8]) {
        let first = OpenAPIImporter.fuzz(bytes)
        let second = OpenAPIImporter.fuzz(bytes)
        precondition(first == second, "importing the same bytes twice gave different results")
    }
}
