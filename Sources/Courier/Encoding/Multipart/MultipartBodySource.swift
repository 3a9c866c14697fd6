import CourierHTTP
import Foundation

/// The streamed form of a multipart body with file parts: in-memory header/field bytes interleaved with
/// files read from disk in chunks. Each `makeReader()` starts from the beginning, so retries replay it.
package struct MultipartBodySource: BodySource {
    /// One stretch of the body.
    package enum Segment: Sendable {
        /// Bytes in memory (boundaries, part headers, text and data parts).
        case bytes(Data)
        /// A file of a known length, read from disk when sent.
        case file(URL, length: Int64)
    }

    /// The stretches in order.
    package let segments: [Segment]

    /// Creates a source from segments.
    package init(segments: [Segment]) {
        self.segments = segments
    }

    /// The exact total length.
    package var contentLength: Int64? {
        segments.reduce(0) { total, segment in
            switch segment {
            case .bytes(let data): total + Int64(data.count)
            case .file(_, let length): total + length
            }
        }
    }

    /// A fresh reader from the first byte.
    package func makeReader() throws -> any BodyReader {
        MultipartBodyReader(segments: segments)
    }
}

/// Reads a `MultipartBodySource` segment by segment; at most one file is open and one chunk in memory.
final class MultipartBodyReader: BodyReader {
    private let segments: [MultipartBodySource.Segment]
    private var index = 0
    private var current: (any BodyReader)?

    init(segments: [MultipartBodySource.Segment]) {
        self.segments = segments
    }

    func read(maxLength: Int) throws -> Data? {
        while index < segments.count {
            if current == nil {
                switch segments[index] {
                case .bytes(let data): current = DataBodyReader(data)
                case .file(let url, let length): current = try FileBodyReader(url: url, expectedLength: length)
                }
            }
            if let chunk = try current?.read(maxLength: maxLength) {
                return chunk
            }
            current?.close()
            current = nil
            index += 1
        }
        return nil
    }

    func close() {
        current?.close()
        current = nil
        index = segments.count
    }
}
