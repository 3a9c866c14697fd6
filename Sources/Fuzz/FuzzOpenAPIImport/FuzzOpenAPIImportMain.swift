import FuzzingSupport

/// The entry point SwiftPM links as `main`: runs the YAML / JSON reader, the OpenAPI importer and the `.http`
/// compiler (`OpenAPIImporter.fuzz`) on any bytes under libFuzzer. Any crash, hang or leak is a finding.
@_cdecl("FuzzOpenAPIImport_main")
public func fuzzOpenAPIImportMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(target: "FuzzOpenAPIImport", argc: argc, argv: argv) { data, count in
        OpenAPIImportFuzzCheck.check(FuzzDriver.bytes(data, count))
        return 0
    }
}
