import Foundation

/// Produces a response body in slices, so file and generated bodies are never held in memory whole.
final class BodyStream {
    /// The body's total length.
    let length: Int64
    private var offset: Int64 = 0
    private let source: Source

    private enum Source {
        case data(Data)
        case file(FileHandle)
        case generated
    }

    /// Opens `body`. Throws if a file body cannot be opened.
    init(_ body: MockResponse.Body) throws {
        switch body {
        case .empty:
            source = .data(Data())
            length = 0
        case .data(let data):
            source = .data(data)
            length = Int64(data.count)
        case .file(let url):
            let handle = try FileHandle(forReadingFrom: url)
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            source = .file(handle)
            length = Int64(clamping: size)
        case .generated(let byteCount):
            source = .generated
            length = max(0, byteCount)
        }
    }

    deinit {
        if case .file(let handle) = source { try? handle.close() }
    }

    /// The next slice of at most `maximum` bytes; empty at the end (or if a file shrank underneath).
    func next(maximum: Int) -> Data {
        let count = Int(min(Int64(maximum), length - offset))
        guard count > 0 else { return Data() }
        let slice: Data
        switch source {
        case .data(let data):
            let start = data.startIndex + Int(offset)
            slice = data[start..<(start + count)]
        case .file(let handle):
            slice = (try? handle.read(upToCount: count)) ?? Data()
        case .generated:
            let start = Int(offset % 251)
            slice = Self.pattern[start..<(start + count)]
        }
        offset += Int64(slice.count)
        return slice
    }

    /// The generated-body pattern, long enough that any slice of up to 64 KiB starts at any phase.
    static let maxSlice = 64 * 1024
    private static let pattern = MockResponse.generatedBytes(offset: 0, count: maxSlice + 251)
}
