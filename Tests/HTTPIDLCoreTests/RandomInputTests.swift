import Testing
@testable import HTTPIDLCore

/// Token soup and byte soup from a fixed-seed generator: the compiler must return diagnostics (never crash or
/// hang), write no output when there is an error, and the formatter must stay idempotent whenever it accepts.
@Suite struct RandomInputTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let vocabulary = [
        "MESSAGE", "STRUCT", "ENUM", "EXTERN", "GET", "POST", "REQUEST", "RESPONSE", "ERROR", "JSON", "MULTIPART",
        "BINARY", "FORM", "REQUIRED", "QUERY", "HEADER", "PATH", "BODY", "DEFAULT", "ARRAY", "DICT", "STRING",
        "INT32", "FILE", "BLOB", "User", "id", "name", "/", "/users", "$", "${", "}", "{", "<", ">", "(", ")", ",",
        "=", ";", ":", "\"q\"", "42", "-1", "true", "//c\n", "/*", "*/", "\\", "\n", " ", "x-y", "é", "\u{1}",
    ]

    @Test(arguments: 0..<300)
    func tokenSoupNeverCrashes(seed: Int) {
        var generator = Generator(state: UInt64(seed) &* 7919)
        var text = ""
        for _ in 0..<Int(generator.next() % 60) {
            text += generator.pick(Self.vocabulary)
            if generator.next() % 3 == 0 { text += " " }
        }
        let result = TestSupport.compile(text)
        if !result.succeeded { #expect(result.outputs.isEmpty) }
        if let formatted = IDLFormatter.format(SourceFile(name: "f.http", text: text)).text {
            #expect(IDLFormatter.format(SourceFile(name: "f.http", text: formatted)).text == formatted, "\(text)")
        }
    }

    @Test(arguments: 0..<100)
    func byteSoupNeverCrashes(seed: Int) {
        var generator = Generator(state: UInt64(seed) &+ 1_000_003)
        let bytes = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let result = TestSupport.compile(SourceFile(name: "b.http", bytes: bytes))
        if !result.succeeded { #expect(result.outputs.isEmpty) }
    }
}
