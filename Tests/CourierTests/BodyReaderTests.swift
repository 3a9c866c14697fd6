import Foundation
import Testing
@testable import Courier

@Suite("Body readers")
struct BodyReaderTests {
    @Test func dataReaderChunksAndEnds() throws {
        let reader = DataBodyReader(Data([1, 2, 3, 4, 5]))
        #expect(try reader.read(maxLength: 2) == Data([1, 2]))
        #expect(try reader.read(maxLength: 0) == Data([3]))        // never empty: at least one byte
        #expect(try reader.read(maxLength: 10) == Data([4, 5]))
        #expect(try reader.read(maxLength: 10) == nil)
        reader.close()
        reader.close()
    }

    @Test func dataReaderOnASlice() throws {
        let data = Data([9, 8, 7, 6]).dropFirst(1)   // startIndex 1
        #expect(try HTTPBody.data(data).collected(chunkSize: 2) == Data([8, 7, 6]))
    }

    @Test func emptyBodiesReadNothing() throws {
        #expect(try DataBodyReader(Data()).read(maxLength: 8) == nil)
        let url = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(try HTTPBody.file(url).collected() == Data())
        #expect(HTTPBody.file(url).contentLength == 0)
    }

    @Test func fileReaderWithoutExpectedLengthReadsToTheEnd() throws {
        let content = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
        let url = try temporaryFile(content)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let reader = try FileBodyReader(url: url)
        var collected = Data()
        while let chunk = try reader.read(maxLength: 300) {
            #expect(chunk.count <= 300)
            collected.append(chunk)
        }
        #expect(collected == content)
        reader.close()
        #expect(try reader.read(maxLength: 10) == nil)   // closed stays at the end
    }

    @Test func closingEarlyStopsTheReader() throws {
        let url = try temporaryFile(Data(repeating: 7, count: 100))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let reader = try FileBodyReader(url: url, expectedLength: 100)
        #expect(try reader.read(maxLength: 10)?.count == 10)
        reader.close()
        #expect(try reader.read(maxLength: 10) == nil)
    }

    @Test func missingFileFailsToOpen() {
        expectFileSystemFailure(containing: "cannot open") {
            _ = try HTTPBody.file(URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")).makeReader()
        }
    }

    @Test func streamSourceIsReplayable() throws {
        struct Counting: BodySource {
            var contentLength: Int64? { 3 }
            func makeReader() throws -> any BodyReader { DataBodyReader(Data([1, 2, 3])) }
        }
        let body = HTTPBody.stream(Counting())
        #expect(body.contentLength == 3)
        #expect(try body.collected(chunkSize: 1) == Data([1, 2, 3]))
        #expect(try body.collected(chunkSize: 5) == Data([1, 2, 3]))
    }
}
