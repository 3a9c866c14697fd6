import Foundation

extension HTTPBody {
    /// Opens a fresh reader over the body from its first byte, whatever the case: in-memory bytes, a file
    /// read from disk in chunks, or a `BodySource`. Each call starts again (retries replay the body); what a
    /// custom transport uses to send any body one chunk at a time, without a case of its own per kind.
    ///
    /// A `.stream` body's reader reports its source's errors as every transport does (see `BodySource`).
    ///
    /// - Throws: `NetworkError.transport` with kind `.fileSystem` when a file cannot be opened; what a
    ///   `BodySource` throws, a `NetworkError` as it is and any other error as `.encoding` (part `.body`).
    public func makeReader() throws -> any BodyReader {
        switch self {
        case .data(let data): DataBodyReader(data)
        case .file(let url): try FileBodyReader(url: url)
        case .stream(let source): try SourceBodyReader(source)
        }
    }
}

/// Reads bytes held in memory in chunks.
package final class DataBodyReader: BodyReader {
    private let data: Data
    private var offset: Int

    /// Creates a reader over `data`.
    package init(_ data: Data) {
        self.data = data
        self.offset = data.startIndex
    }

    /// The next chunk of at most `maxLength` bytes, or `nil` at the end.
    package func read(maxLength: Int) throws -> Data? {
        guard offset < data.endIndex else { return nil }
        let end = offset + Swift.min(Swift.max(1, maxLength), data.endIndex - offset)
        defer { offset = end }
        return data.subdata(in: offset..<end)
    }

    /// Does nothing (nothing to release).
    package func close() {}
}

/// Reads a file from disk in chunks, never holding more than one chunk in memory.
///
/// With `expectedLength`, the reader checks the file still has exactly that many bytes while it reads (so a
/// `Content-Length` computed earlier stays true) and throws if it shrank or grew.
package final class FileBodyReader: BodyReader {
    private let url: URL
    private var handle: FileHandle?
    private let expectedLength: Int64?
    private var bytesRead: Int64 = 0
    private var finished = false

    /// Opens `url` for reading.
    ///
    /// - Throws: `NetworkError.transport` with kind `.fileSystem` when the file cannot be opened.
    package init(url: URL, expectedLength: Int64? = nil) throws {
        self.url = url
        self.expectedLength = expectedLength
        do {
            self.handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw Self.failure("cannot open '\(url.path)': \(error.localizedDescription)")
        }
    }

    /// The next chunk of at most `maxLength` bytes, or `nil` at the end.
    ///
    /// - Throws: `NetworkError.transport` with kind `.fileSystem` on a read error or a file whose length
    ///   changed.
    package func read(maxLength: Int) throws -> Data? {
        guard !finished, let handle else { return nil }
        var count = Swift.max(1, maxLength)
        if let expectedLength {
            let remaining = expectedLength - bytesRead
            if remaining <= 0 {
                let extra = try readChunk(handle, count: 1)
                finish()
                if let extra, !extra.isEmpty {
                    throw Self.failure("'\(url.path)' grew while it was being sent (expected \(expectedLength) bytes)")
                }
                return nil
            }
            count = Int(Swift.min(Int64(count), remaining))
        }
        guard let chunk = try readChunk(handle, count: count), !chunk.isEmpty else {
            finish()
            if let expectedLength, bytesRead != expectedLength {
                throw Self.failure("'\(url.path)' shrank while it was being sent (expected \(expectedLength) bytes, read \(bytesRead))")
            }
            return nil
        }
        bytesRead += Int64(chunk.count)
        return chunk
    }

    /// Closes the file. Idempotent.
    package func close() {
        finish()
    }

    deinit {
        try? handle?.close()
    }

    private func readChunk(_ handle: FileHandle, count: Int) throws -> Data? {
        do {
            return try handle.read(upToCount: count)
        } catch {
            finish()
            throw Self.failure("cannot read '\(url.path)': \(error.localizedDescription)")
        }
    }

    private func finish() {
        finished = true
        try? handle?.close()
        handle = nil
    }

    private static func failure(_ message: String) -> NetworkError {
        .transport(TransportFailure(kind: .fileSystem, message: message))
    }
}
