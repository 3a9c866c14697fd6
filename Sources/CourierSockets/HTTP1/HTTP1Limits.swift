/// Bounds on what `HTTP1ResponseParser` accepts, so a hostile server cannot make the client buffer without end.
package struct HTTP1Limits: Sendable, Hashable {
    /// The most bytes one response head (status line and header lines, CRLFs included) may take; also the
    /// most bytes of a chunked body's trailer section.
    package var maximumHeaderBytes: Int
    /// The most header fields in one response head (and trailer fields after a chunked body).
    package var maximumHeaderCount: Int
    /// The most bytes in one chunk-size line (size, extensions and CRLF).
    package var maximumChunkLineBytes: Int
    /// The most 1xx interim responses accepted before the final one.
    package var maximumInterimResponses: Int

    /// Creates limits; the defaults are 64 KiB and 128 fields of head, 4 KiB chunk lines, 16 interim responses.
    package init(
        maximumHeaderBytes: Int = 64 * 1024,
        maximumHeaderCount: Int = 128,
        maximumChunkLineBytes: Int = 4 * 1024,
        maximumInterimResponses: Int = 16
    ) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumHeaderCount = maximumHeaderCount
        self.maximumChunkLineBytes = maximumChunkLineBytes
        self.maximumInterimResponses = maximumInterimResponses
    }
}
