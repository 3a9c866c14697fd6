import Foundation
import Testing

/// A directory argument without any `.http` file used to be a silent no-op (a typo'd path compiled nothing).
@Suite struct CommandLineDirectoryTests {
    @Test(arguments: ["check", "generate", "format"])
    func directoryWithoutHTTPFilesIsReported(command: String) async throws {
        let cli = CommandLineTests()
        let directory = try cli.temporaryDirectory()
        try Data("not idl".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let extra = command == "generate" ? ["--output", directory.appendingPathComponent("out").path] : []
        let run = try await cli.run([command, directory.path] + extra)
        #expect(run.status == 0)
        #expect(run.stderr.contains("httpidl: warning: no .http files in '\(directory.path)'"))
    }
}
