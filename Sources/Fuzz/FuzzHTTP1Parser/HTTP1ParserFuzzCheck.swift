import CourierSockets
import Foundation
import FuzzingSupport

/// `HTTP1ResponseParser` on any bytes, parsed whole and again cut at fuzzer-chosen points: both runs must
/// give the same heads, body bytes, `.continue`s, ends and excess bytes (what follows the end, counted only
/// after it), or fail with the same error kind — so no read boundary changes what a response means, nor
/// whether its connection may be reused. A response that ends cleanly must have exactly its declared length.
/// When the head names a content coding or a transfer coding, the body is decoded whole and in the same
/// pieces too, with the same rule.
///
/// Input: one byte of options (HEAD, 100-continue, CONNECT, small limits), one byte giving up to 15 cut
/// points, two bytes per cut point, then the response bytes.
enum HTTP1ParserFuzzCheck {
    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let options = input.byte()
        let cutSeeds = input.cutSeeds()
        let wire = input.rest()
        let cuts = FuzzInput.cuts(cutSeeds, within: wire.count)
        let limits = options & 8 != 0
            ? HTTP1Limits(maximumHeaderBytes: 64, maximumHeaderCount: 3, maximumChunkLineBytes: 8, maximumInterimResponses: 2)
            : HTTP1Limits()
        let setup = Setup(toHEAD: options & 1 != 0, expectsContinue: options & 2 != 0, toCONNECT: options & 4 != 0, limits: limits)

        let whole = Run(wire, cuts: [], setup)
        let split = Run(wire, cuts: cuts, setup)
        if whole.error != nil || split.error != nil {
            guard whole.error?.kind == split.error?.kind else {
                FuzzDriver.fail("whole: \(whole), split at \(cuts): \(split)", input: bytes)
            }
            return
        }
        guard whole.heads == split.heads, whole.body == split.body, whole.continues == split.continues, whole.ends == split.ends,
              whole.excess == split.excess else {
            FuzzDriver.fail("whole: \(whole), split at \(cuts): \(split)", input: bytes)
        }
        if let head = whole.heads.last, case .length(let length) = head.framing, whole.body.count != length {
            FuzzDriver.fail("a Content-Length \(length) response ended with \(whole.body.count) body bytes", input: bytes)
        }
        guard whole.ends.count <= 1, whole.heads.count == whole.ends.count else {
            FuzzDriver.fail("one response gave \(whole.heads.count) heads and \(whole.ends.count) ends", input: bytes)
        }
        #if canImport(CZlib)
        for encoding in [whole.heads.last?.transferCoding, whole.heads.last?.headers["Content-Encoding"]].compactMap({ $0 }) {
            let body = [UInt8](whole.body)
            let bodyCuts = FuzzInput.cuts(cutSeeds, within: body.count)
            let decodedWhole = decode(body, encoding: encoding, cuts: [])
            let decodedSplit = decode(body, encoding: encoding, cuts: bodyCuts)
            guard decodedWhole.output == decodedSplit.output, decodedWhole.error == decodedSplit.error else {
                FuzzDriver.fail("decoding '\(encoding)' whole gave \(decodedWhole), split at \(bodyCuts) \(decodedSplit)", input: bytes)
            }
        }
        #endif
    }

    struct Setup {
        var toHEAD: Bool
        var expectsContinue: Bool
        var toCONNECT: Bool
        var limits: HTTP1Limits
    }

    /// The events of one parse, joined.
    struct Run: CustomStringConvertible {
        var heads: [HTTP1ResponseHead] = []
        var body = Data()
        var continues = 0
        var ends: [Bool] = []
        /// Bytes reported after the end.
        var excess = 0
        var error: HTTP1ParseError?

        init(_ wire: [UInt8], cuts: [Int], _ setup: Setup) {
            var parser = HTTP1ResponseParser(limits: setup.limits)
            parser.expectResponse(toHEAD: setup.toHEAD, expectsContinue: setup.expectsContinue, toCONNECT: setup.toCONNECT)
            var start = 0
            do {
                for cut in cuts + [wire.count] where cut > start {
                    let piece = Array(wire[start..<cut])
                    let events = try piece.withUnsafeBytes { try parser.parse($0) }
                    take(events)
                    start = cut
                }
                take(try parser.parseEOF())
            } catch {
                self.error = error as? HTTP1ParseError
                if self.error == nil { FuzzDriver.fail("an untyped error: \(error)", input: wire) }
            }
        }

        private mutating func take(_ events: [HTTP1Event]) {
            for event in events {
                switch event {
                case .head(let head): heads.append(head)
                case .body(let data): body.append(data)
                case .end(let reusable): ends.append(reusable)
                case .continue: continues += 1
                case .excess(let count):
                    if ends.isEmpty { FuzzDriver.fail("excess bytes before any end", input: []) }
                    excess += count
                case .switchingProtocols: FuzzDriver.fail("101 surfaced although no upgrade was asked for", input: [])
                }
            }
        }

        var description: String {
            "heads \(heads.map(\.statusCode)), \(body.count) body bytes, ends \(ends), excess \(excess), continues \(continues), error \(error.map(String.init(describing:)) ?? "none")"
        }
    }

    #if canImport(CZlib)
    /// Decodes `body` in the pieces `cuts` make, draining after each (small output pieces, to exercise capping).
    static func decode(_ body: [UInt8], encoding: String, cuts: [Int]) -> (output: [UInt8], error: HTTP1ParseError.Kind?) {
        let limits = DecompressionLimits(ratioCheckThreshold: 64 * 1024, maximumDecodedBytes: 4 << 20, outputChunkSize: 1000)
        var output: [UInt8] = []
        do {
            guard let decoder = try ContentDecoder(contentEncoding: encoding, limits: limits) else { return (body, nil) }
            var start = 0
            for cut in cuts + [body.count] where cut > start {
                let piece = Array(body[start..<cut])
                output += try piece.withUnsafeBytes { try decoder.decode($0) }
                while decoder.hasPendingOutput {
                    let more = try decoder.drain()
                    if more.count > limits.outputChunkSize { FuzzDriver.fail("a piece of \(more.count) bytes", input: body) }
                    output += more
                }
                start = cut
            }
            try decoder.finish()
        } catch {
            return ([], (error as? HTTP1ParseError)?.kind)
        }
        return (output, nil)
    }
    #endif
}
