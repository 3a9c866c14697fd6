import Foundation
import Testing
@testable import HTTPIDLCore

/// Seeded mutation fuzzing of the golden corpus: every mutant must compile without crashing, carry
/// diagnostics at in-range line:column, generate the same bytes twice, and — whenever the formatter accepts it —
/// format idempotently without changing what it means (the formatted file compiles to the same Swift, or fails
/// with as many diagnostics).
@Suite struct CorpusMutationTests {
    typealias Generator = RandomInputTests.Generator

    static let corpus: [(name: String, text: String)] = TestSupport.goldenNames.compactMap { name in
        let url = TestSupport.goldenDirectory.appendingPathComponent(name + ".http")
        return (try? String(contentsOf: url, encoding: .utf8)).map { (name, $0) }
    }

    static let insertions = [
        "MESSAGE", "STRUCT", "ENUM", "EXTERN", "REQUIRED", "DEFAULT", "ARRAY<", "DICT<STRING,", ">", "{", "}", ";",
        "(", ")", "=", "$", "${", "/", "\\", "\"", "//", "/*", "*/", "///", "\r\n", "\t", "\u{FEFF}", "é", "🚀",
        "_", "0", "9x", "class", "self", "Type", "INT32", "ANY", "FILE", "BLOB", "GET", "ERROR", "QUERY", "HEADER",
        "PATH", "BODY", "FORM", "MULTIPART", "BINARY", "\n", " ", "-", ".", ":", ",", "\u{0}", "\u{7F}",
    ]

    /// Applies 1–4 random edits: delete, duplicate or move a span, insert a token, flip a letter's case.
    static func mutate(_ text: String, generator: inout Generator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<(1 + Int(generator.next() % 4)) {
            let count = scalars.count
            let position = count == 0 ? 0 : Int(generator.next() % UInt64(count + 1))
            let length = min(count - position, Int(generator.next() % 24))
            switch generator.next() % 5 {
            case 0:
                scalars.removeSubrange(position..<(position + length))
            case 1:
                scalars.insert(contentsOf: scalars[position..<(position + length)], at: position)
            case 2:
                let span = Array(scalars[position..<(position + length)])
                scalars.removeSubrange(position..<(position + length))
                let target = scalars.isEmpty ? 0 : Int(generator.next() % UInt64(scalars.count + 1))
                scalars.insert(contentsOf: span, at: target)
            case 3:
                scalars.insert(contentsOf: generator.pick(insertions).unicodeScalars, at: position)
            default:
                guard position < count else { continue }
                let flipped = String(scalars[position]).uppercased() == String(scalars[position])
                    ? String(scalars[position]).lowercased() : String(scalars[position]).uppercased()
                scalars.replaceSubrange(position...position, with: flipped.unicodeScalars)
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// Checks one input against every property; returns whether it compiled.
    @discardableResult
    static func check(_ text: String, context: String) -> Bool {
        let source = SourceFile(name: "m.http", text: text)
        let result = TestSupport.compile(source)
        let lineCount = text.isEmpty ? 1 : source.location(of: source.scalars.count).line
        for diagnostic in result.diagnostics {
            #expect(diagnostic.range.start >= 0 && diagnostic.range.start <= diagnostic.range.end
                    && diagnostic.range.end <= source.scalars.count, "\(diagnostic.summary) \(context)")
            #expect((1...lineCount).contains(diagnostic.location.line), "\(diagnostic.summary) \(context)")
            let lineLength = source.lineText(diagnostic.location.line).unicodeScalars.count
            #expect((1...(lineLength + 1)).contains(diagnostic.location.column), "\(diagnostic.summary) \(context)")
        }
        if result.succeeded {
            #expect(TestSupport.compile(source).outputs == result.outputs, "not deterministic: \(context)")
        } else {
            #expect(result.outputs.isEmpty)
        }
        guard let formatted = IDLFormatter.format(source).text else { return result.succeeded }
        let formattedSource = SourceFile(name: "m.http", text: formatted)
        #expect(IDLFormatter.format(formattedSource).text == formatted, "not idempotent: \(context)")
        let reformatted = TestSupport.compile(formattedSource)
        #expect(reformatted.outputs == result.outputs, "formatting changed the generated Swift: \(context)")
        // Canonical modifier order may change which of two conflicting modifiers an error names.
        #expect(reformatted.succeeded == result.succeeded && reformatted.diagnostics.count == result.diagnostics.count,
                "formatting changed the diagnostics: \(context)")
        return result.succeeded
    }

    static let rounds = 40

    @Test(arguments: corpus.map(\.name))
    func mutantsOfGoldenFilesHoldEveryProperty(name: String) throws {
        let text = try #require(Self.corpus.first { $0.name == name }?.text)
        // A fixed number of rounds (not "as many as fit in N seconds"), so every run checks the same mutants.
        var generator = Generator(state: UInt64(truncatingIfNeeded: name.hashValueStable) &+ 1)
        for round in 0..<Self.rounds {
            let mutant = Self.mutate(text, generator: &generator)
            Self.check(mutant, context: "\(name) round \(round)\n\(mutant)")
        }
    }

    @Test func theCorpusItselfHoldsEveryProperty() {
        #expect(Self.corpus.count > 10)
        for (name, text) in Self.corpus { #expect(Self.check(text, context: name)) }
    }
}

extension String {
    /// A hash that is the same in every run (FNV-1a), unlike `hashValue`.
    var hashValueStable: UInt64 {
        utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
