import Foundation

/// Body bytes gathered during one `parse` call, so that they come out as one `Data`.
struct HTTP1PendingBody {
    private var data: Data?

    mutating func append(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
        guard !range.isEmpty, let base = bytes.baseAddress else { return }
        // Safe: `range` lies inside `bytes` (the callers clamp it to `bytes.count`).
        let start = (base + range.lowerBound).assumingMemoryBound(to: UInt8.self)
        if data == nil {
            data = Data(bytes: start, count: range.count)
        } else {
            data!.append(start, count: range.count)
        }
    }

    mutating func flush(into events: inout [HTTP1Event]) {
        if let data { events.append(.body(data)) }
        data = nil
    }
}
