#if canImport(CZlib)
import CZlib

/// One zlib stream (inflate or deflate) at a fixed address (zlib keeps pointers into its `z_stream`), ended
/// and freed with its owner: the one place Courier hands buffers to zlib, for `ContentDecoder` and
/// permessage-deflate alike (Linux only).
final class ZlibStream {
    /// The `z_stream`, for zlib calls (`inflateReset`, `deflateReset`, `msg`).
    let pointer: UnsafeMutablePointer<z_stream>
    private let isDeflate: Bool

    /// An inflater for `windowBits` (negative: raw deflate; 16 + bits: gzip), or nil if zlib cannot start one.
    static func inflater(windowBits: Int32) -> ZlibStream? {
        let stream = ZlibStream(isDeflate: false)
        return courier_inflateInit2(stream.pointer, windowBits) == Z_OK ? stream.started() : nil
    }

    /// A deflater at `level` for `windowBits` (negative: raw deflate), or nil if zlib cannot start one.
    static func deflater(level: Int32, windowBits: Int32) -> ZlibStream? {
        let stream = ZlibStream(isDeflate: true)
        return courier_deflateInit2(stream.pointer, level, windowBits) == Z_OK ? stream.started() : nil
    }

    private var isStarted = false

    private init(isDeflate: Bool) {
        self.isDeflate = isDeflate
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: z_stream())
    }

    private func started() -> ZlibStream {
        isStarted = true
        return self
    }

    deinit {
        if isStarted { _ = isDeflate ? deflateEnd(pointer) : inflateEnd(pointer) }
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// One `inflate` or `deflate` call (`operation`, given the stream) reading `input` and writing into
    /// `output`: its status, the input bytes it consumed and the output bytes it produced.
    func run(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, _ operation: (z_streamp) -> Int32
    ) -> (status: Int32, consumed: Int, produced: Int) {
        // Safe: zlib reads `input.count` bytes at `next_in` (never writing through it, despite the mutable type)
        // and writes at most `output.count` bytes at `next_out`; both buffers outlive this call, and the
        // pointers are cleared before it returns, so zlib keeps none.
        pointer.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        pointer.pointee.avail_in = uInt(input.count)
        pointer.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        pointer.pointee.avail_out = uInt(output.count)
        let status = operation(pointer)
        let result = (status, input.count - Int(pointer.pointee.avail_in), output.count - Int(pointer.pointee.avail_out))
        pointer.pointee.next_in = nil
        pointer.pointee.next_out = nil
        pointer.pointee.avail_in = 0
        pointer.pointee.avail_out = 0
        return result
    }
}
#endif
