// The CLI runs as a child process, which only Linux and macOS have.
#if os(Linux) || os(macOS)
import CourierTesting
import Foundation
import Testing

/// Runs the built `httpidl` executable (it sits next to the test bundle in the build directory).
@Suite struct CommandLineTests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `httpidl` in the build's products folder, found from the tests' own place there: on macOS the `.xctest`
    /// bundle that Xcode's runner loaded (the process itself is the runner, inside Xcode), on Linux the test
    /// executable, `CommandLine.arguments[0]`.
    static var executable: URL? {
        let bundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for start in bundles + [URL(fileURLWithPath: CommandLine.arguments[0])] {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("httpidl")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }

    func run(_ arguments: [String]) async throws -> Run {
        let executable = try #require(Self.executable, "httpidl was not built next to the tests")
        let result = try await ChildProcess.runOffPool(executable, arguments)
        return Run(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                   stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("httpidl-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func errorsPrintLikeACompilerAndExitOne() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("users.http")
        try Data("STRUCT User {\n    Usr owner;\n    INT32 a\n}\n".utf8).write(to: file)
        let result = try await run(["check", file.path])
        #expect(result.status == 1)
        #expect(result.stderr == """
            \(file.path):2:5: error: unknown type 'Usr'; did you mean 'User'?
                Usr owner;
                ^~~
            \(file.path):3:12: error: expected ';' after field 'a'
                INT32 a
                       ^
            2 errors, 0 warnings

            """)
    }

    @Test func generateWritesOneFilePerInputAndNothingOnError() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("idl")
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try Data("STRUCT A { STRING a; }\n".utf8).write(to: sources.appendingPathComponent("a.http"))
        try Data("MESSAGE /b {\n    GET REQUEST {}\n    GET RESPONSE { A; }\n}\n".utf8).write(to: sources.appendingPathComponent("nested/b.http"))
        let output = directory.appendingPathComponent("out")
        let ok = try await run(["generate", sources.path, "--output", output.path, "--access", "internal"])
        #expect(ok.status == 0)
        #expect(ok.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == ["a.swift", "b.swift"])
        let b = try String(contentsOf: output.appendingPathComponent("b.swift"), encoding: .utf8)
        #expect(b.contains("struct GetBRequest: APIDefinition") && !b.contains("public "))

        try Data("STRUCT Broken { Nope x; }\n".utf8).write(to: sources.appendingPathComponent("c.http"))
        let badOutput = directory.appendingPathComponent("bad")
        let strict = try await run(["generate", sources.path, "--output", badOutput.path, "--strict"])
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: badOutput.path))
        let lenient = try await run(["generate", sources.path, "--output", badOutput.path])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("warning: unknown type 'Nope'"))
    }

    @Test func formatWritesCanonicalText() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f.http")
        try Data("STRUCT   A{INT32 a;// note\n}".utf8).write(to: file)
        let printed = try await run(["format", file.path])
        #expect(printed.status == 0)
        #expect(printed.stdout == "STRUCT A {\n    INT32 a; // note\n}\n")
        #expect(try await run(["format", file.path, "--write"]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
        #expect(try await run(["format", file.path, "--check"]).status == 0)
        try Data("STRUCT A{}".utf8).write(to: file)
        let check = try await run(["format", file.path, "--check"])
        #expect(check.status == 1)
        #expect(check.stdout == "\(file.path): not formatted\n")
    }

    @Test(arguments: [
        (["--version"], Int32(0)), (["--help"], 0), ([], 2), (["frobnicate", "x.http"], 2), (["generate", "x.http"], 2),
        (["check", "/nonexistent/x.http"], 1), (["generate", "--access", "open", "x.http"], 2),
    ] as [([String], Int32)])
    func exitStatuses(arguments: [String], status: Int32) async throws {
        #expect(try await run(arguments).status == status)
    }
}
#endif
