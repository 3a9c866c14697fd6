/// Bounds on what `ContentDecoder` produces, so a small compressed body cannot become gigabytes in memory.
package struct DecompressionLimits: Sendable, Hashable {
    /// The most decoded bytes per compressed byte, checked once more than `ratioCheckThreshold` bytes came
    /// out (small bodies of repetitive text legitimately compress far better). Default 100.
    package var maximumRatio: Double
    /// The output after which the ratio is checked (default 1 MiB).
    package var ratioCheckThreshold: Int64
    /// The most decoded bytes in all, or nil for no cap (`.tooLarge` past it).
    package var maximumDecodedBytes: Int64?
    /// The most bytes one `decode` or `drain` call returns (default 256 KiB), so memory stays bounded.
    package var outputChunkSize: Int

    /// Creates limits.
    package init(
        maximumRatio: Double = 100, ratioCheckThreshold: Int64 = 1 << 20, maximumDecodedBytes: Int64? = nil,
        outputChunkSize: Int = 256 * 1024
    ) {
        self.maximumRatio = maximumRatio
        self.ratioCheckThreshold = ratioCheckThreshold
        self.maximumDecodedBytes = maximumDecodedBytes
        self.outputChunkSize = max(1, outputChunkSize)
    }
}
