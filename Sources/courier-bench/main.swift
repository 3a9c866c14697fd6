import Foundation

// courier-bench: `swift run -c release courier-bench <suite>…`.
// Each suite measures Courier next to a baseline in the same run and prints the ratio.
// A suite registers itself with one line in `BenchmarkSuites.all`.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "query-wire" { exit(await QueryWireCommand.run(Array(arguments.dropFirst()))) }  // hidden helper of Scripts/interop-query.sh
// `loopback` needs nginx (Scripts/bench-loopback.sh starts it); its workers and the certificate writer are helpers.
if arguments.first == "loopback" { exit(LoopbackCommand.run(Array(arguments.dropFirst()))) }
if arguments.first == "loopback-worker" { exit(await LoopbackWorker.run(Array(arguments.dropFirst()))) }
#if os(Linux)
if arguments.first == "write-test-certificate" { exit(TestCertificateCommand.run(Array(arguments.dropFirst()))) }
#endif
let suites = BenchmarkSuites.all
if arguments.isEmpty || arguments.contains("--help") {
    print("usage: courier-bench <suite>… | all")
    print("suites: " + suites.map(\.name).joined(separator: ", "))
    print("also: courier-bench loopback --http-port P --https-port Q --ca FILE --dir DIR [--requests N] (run by Scripts/bench-loopback.sh)")
    exit(arguments.isEmpty ? 1 : 0)
}
let selected = arguments == ["all"] ? suites.map(\.name) : arguments
for name in selected {
    guard let suite = suites.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("courier-bench: unknown suite '\(name)'\n".utf8))
        exit(2)
    }
    print("== \(suite.name): \(suite.summary)")
    await suite.run()
}
