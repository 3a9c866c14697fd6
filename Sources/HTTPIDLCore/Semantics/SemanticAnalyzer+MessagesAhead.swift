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

        /// An empty log with room for `capacity` names (a message registers two or three a method).
        init(capacity: Int = 0) {
            names.reserveCapacity(capacity)
        }
    }

    /// One message checked ahead: its model, what it reported, and the names it registered.
    struct MessageCheck: Sendable {
        let model: ModelMessage?
        let diagnostics: [Diagnostic]
        let errorCount: Int
        let names: NameLog
    }

    /// The checks of one chunk of messages, with the hash values of the names they registered.
    struct CheckedChunk: Sendable {
        let checks: [MessageCheck]
        /// `hashValue` of every name registered in the chunk, in order.
        let nameHashes: [Int]
        /// Whether no check of the chunk met a collision (with a declared type or an earlier message of it).
        let isCollisionFree: Bool
    }

    /// Messages per chunk; files with fewer than two chunks of messages are checked in order only.
    static var messageChunkSize: Int { 256 }

    /// The checks of every message of every file, in source order chunk by chunk, or none for a small input.
    func checkMessagesAhead() -> [CheckedChunk] {
        var messages: [(fileIndex: Int, declaration: Int)] = []
        for (index, file) in files.enumerated() {
            for declaration in file.declarations.indices {
                if case .message = file.declarations[declaration] { messages.append((index, declaration)) }
            }
        }
        let chunkSize = Self.messageChunkSize
        guard checksMessagesAhead, messages.count >= 2 * chunkSize else { return [] }
        let work = messages
        let chunkCount = (messages.count + chunkSize - 1) / chunkSize
        let results = ChunkResults<CheckedChunk>(count: chunkCount)
        let base = self
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var analyzer = base
            analyzer.diagnostics = []
            analyzer.errorCount = 0
            analyzer.generatedNames.reserveCapacity(base.generatedNames.count + chunkSize * 3)
            var checks: [MessageCheck] = []
            checks.reserveCapacity(chunkSize)
            var hashes: [Int] = []
            hashes.reserveCapacity(chunkSize * 4)
            var isCollisionFree = true
            for (fileIndex, declaration) in work[(chunk * chunkSize)..<min(work.count, (chunk + 1) * chunkSize)] {
                guard case .message(let syntax) = base.files[fileIndex].declarations[declaration] else { continue }
                analyzer.fileIndex = fileIndex
                analyzer.nameLog = NameLog(capacity: 4)
                let diagnosticsBefore = analyzer.diagnostics.count
                let errorsBefore = analyzer.errorCount
                let model = analyzer.analyzeMessage(syntax)
                let names = analyzer.nameLog ?? NameLog()
                for index in names.names.indices { hashes.append(names.names[index].0.hashValue) }
                if names.collisions > 0 { isCollisionFree = false }
                checks.append(MessageCheck(model: model, diagnostics: Array(analyzer.diagnostics[diagnosticsBefore...]),
                                           errorCount: analyzer.errorCount - errorsBefore, names: names))
            }
            results.store(CheckedChunk(checks: checks, nameHashes: hashes, isCollisionFree: isCollisionFree), at: chunk)
        }
        return results.values
    }

    /// Whether every message checked ahead is adopted as it is by the in-order pass: no check met a
    /// collision, and no two of them registered the same name (their hash values all differ; equal hash
    /// values, even of different names, answer false, and the in-order pass then checks name by name). The
    /// in-order pass need not register their names then: no later check reads them.
    static func adoptsEveryCheck(_ chunks: [CheckedChunk]) -> Bool {
        guard !chunks.isEmpty, chunks.allSatisfy(\.isCollisionFree) else { return false }
        let count = chunks.reduce(0) { $0 + $1.nameHashes.count }
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        // Open addressing on the hash values themselves (0 marks a free slot, so a hash of 0 is stored as 1:
        // that can only make two different values look equal, which answers false).
        var table = [Int](repeating: 0, count: capacity)
        let mask = capacity - 1
        for chunk in chunks {
            for hash in chunk.nameHashes {
                let value = hash == 0 ? 1 : hash
                var slot = value & mask
                while table[slot] != 0 {
                    if table[slot] == value { return false }
                    slot = (slot + 1) & mask
                }
                table[slot] = value
            }
        }
        return true
    }

    /// The model of `syntax`: its check ahead when that saw what an in-order check sees now, else a new check.
    /// With `registering` false (see `adoptsEveryCheck`) the check is adopted without registering its names.
    mutating func adopt(_ check: MessageCheck?, for syntax: MessageSyntax, registering: Bool = true) -> ModelMessage? {
        guard let check, !registering || (check.names.collisions == 0 && registerUntaken(check.names.names)) else {
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
