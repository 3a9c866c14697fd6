#if canImport(CZlib)
import CZlib
import Foundation

/// Compresses test data with zlib, in the three framings a server may send.
enum Compression {
    enum Format {
        case gzip, zlib, rawDeflate
        var windowBits: Int32 {
            switch self {
            case .gzip: 16 + MAX_WBITS
            case .zlib: MAX_WBITS
            case .rawDeflate: -MAX_WBITS
            }
        }
    }

    static func compress(_ input: [UInt8], _ format: Format, level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        precondition(courier_deflateInit2(&stream, level, format.windowBits) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        let status = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                // Safe: zlib reads `input.count` bytes and writes at most `output.count`, inside both buffers.
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END)
        return Array(output[0..<Int(stream.total_out)])
    }

    /// Deterministic bytes that barely compress.
    static func noise(count: Int, seed: UInt64 = 1) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}
#endif
