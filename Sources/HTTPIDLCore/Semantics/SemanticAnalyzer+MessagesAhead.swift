import Foundation

/// Messages checked on all cores ahead of the in-order pass.
///
/// Checking a message only reads the symbol tables, except for the generated type names it registers (and
/// the diagnostics it reports). So chunks of messages are checked on copies of the analyzer, each logging the
/// names it registered; the in-order pass then adopts a message's result when an in-order check would have
/// seen the same: none of its names taken by an earlier message, none colliding inside the chunk. Any other
/// message is checked again in order, so the model and the diagnostics are exactly those of a sequential run.
extension SemanticAnalyzer {
    /// The generated type names registered while `nameLog` is set, and the collisions reported.
    struct NameLog: Sendable {
        var names: [(String, SourceRange)] = []
        var collisions = 0
    }

    /// One message checked ahead: its model, what it reported, and the names it registered.
    struct MessageCheck: Sendable {
        let model: ModelMessage?
        let diagnostics: [Diagnostic]
        let errorCount: Int
        let names: NameLog
    }

    /// Messages per chunk; files with fewer than two chunks of messages are checked in order only.
    static var messageChunkSize: Int { 256 }

    /// The checks of every message of every file, in source order, or none for a small input.
    func checkMessagesAhead() -> [MessageCheck] {
        var messages: [(fileIndex: Int, syntax: MessageSyntax)] = []
        for (index, file) in files.enumerated() {
            for declaration in file.declarations {
                if case .message(let syntax) = declaration { messages.append((index, syntax)) }
            }
        }
        let chunkSize = Self.messageChunkSize
        guard checksMessagesAhead, messages.count >= 2 * chunkSize else { return [] }
        let work = messages
        let chunkCount = (messages.count + chunkSize - 1) / chunkSize
        let results = ChunkResults<[MessageCheck]>(count: chunkCount)
        let base = self
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var analyzer = base
            analyzer.diagnostics = []
            analyzer.errorCount = 0
            analyzer.generatedNames.reserveCapacity(base.generatedNames.count + chunkSize * 3)
            var checks: [MessageCheck] = []
            checks.reserveCapacity(chunkSize)
            for (fileIndex, syntax) in work[(chunk * chunkSize)..<min(work.count, (chunk + 1) * chunkSize)] {
                analyzer.fileIndex = fileIndex
                analyzer.nameLog = NameLog()
                let diagnosticsBefore = analyzer.diagnostics.count
                let errorsBefore = analyzer.errorCount
                let model = analyzer.analyzeMessage(syntax)
                checks.append(MessageCheck(model: model, diagnostics: Array(analyzer.diagnostics[diagnosticsBefore...]),
                                           errorCount: analyzer.errorCount - errorsBefore, names: analyzer.nameLog ?? NameLog()))
            }
            results.store(checks, at: chunk)
        }
        return results.values.flatMap { $0 }
    }

    /// The model of `syntax`: its check ahead when that saw what an in-order check sees now, else a new check.
    mutating func adopt(_ check: MessageCheck?, for syntax: MessageSyntax) -> ModelMessage? {
        guard let check, check.names.collisions == 0, registerUntaken(check.names.names) else {
            return analyzeMessage(syntax)
        }
        diagnostics += check.diagnostics
        errorCount += check.errorCount
        return check.model
    }

    /// Registers the generated type names of a message checked ahead, unless one is taken already: then
    /// none stays registered and the answer is false. One table lookup a name (the names of one message are
    /// distinct: registering them in its chunk met no collision).
    mutating func registerUntaken(_ names: [(String, SourceRange)]) -> Bool {
        for index in names.indices {
            let (name, range) = names[index]
            if let previous = generatedNames.updateValue((fileIndex, range), forKey: name) {
                generatedNames[name] = previous
                for earlier in names[..<index] { generatedNames[earlier.0] = nil }
                return false
            }
        }
        return true
    }
}
