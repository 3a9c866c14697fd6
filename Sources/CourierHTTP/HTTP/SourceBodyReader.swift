import Foundation

/// Reads a custom `BodySource`, reporting what it throws the same way over every transport: a `NetworkError` as
/// it is, any other error as `.encoding` of the body, since the bytes of the body could not be produced. The one
/// place that mapping is made (`HTTPBody.makeReader()` opens every `.stream` body through it).
package final class SourceBodyReader: BodyReader {
    private let reader: any BodyReader

    /// Opens `source` from its first byte.
    ///
    /// - Throws: what `source.makeReader()` throws, mapped as the type says.
    package init(_ source: any BodySource) throws(NetworkError) {
        do {
            reader = try source.makeReader()
        } catch {
            throw Self.failure(error, "cannot open the body")
        }
    }

    /// The source's next chunk, or `nil` at the end.
    ///
    /// - Throws: what the source's reader throws, mapped as the type says.
    package func read(maxLength: Int) throws(NetworkError) -> Data? {
        do {
            return try reader.read(maxLength: maxLength)
        } catch {
            throw Self.failure(error, "cannot read the body")
        }
    }

    /// Closes the source's reader.
    package func close() {
        reader.close()
    }

    private static func failure(_ error: any Error, _ what: String) -> NetworkError {
        if let error = error as? NetworkError { return error }
        return .encoding(EncodingFailure(part: .body, message: "\(what): \(error)"))
    }
}
