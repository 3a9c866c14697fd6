import Foundation

/// Turns the bytes of a `text/event-stream` into events by the WHATWG rules ("Interpreting an event stream"):
/// UTF-8 with a leading BOM dropped; lines end at CR, LF or CRLF; a line starting with `:` is a comment; `field:
/// value` (one space after the colon dropped) or a bare `field`; `data` lines are joined with LF, `event` names
/// the type, `id` sets the last event ID (ignored when it holds NUL) and persists, `retry` takes ASCII digits
/// only; a blank line dispatches the event (nothing when no `data` came); a partial event at the end of the stream
/// is dropped; unknown fields are ignored. A line (its field name included), or an event's `data`, longer than
/// `limit` bytes sets `failure` and ends the parsing (the events completed before it are still returned).
package struct ServerSentEventParser: Sendable {
    private var lines: LineSplitter
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    /// The last event ID, kept across events and reconnections (`Last-Event-ID`).
    package private(set) var lastEventID: String?
    /// The reconnection time in milliseconds, once the stream set one.
    package private(set) var retry: Int?
    /// Why parsing stopped: a line or an event's `data` over the limit (`NetworkError.transport` with
    /// `.responseTooLarge`). Once set, `parse` returns no more events; the reader throws it after handing out those
    /// that came before.
    package private(set) var failure: NetworkError?

    /// The longest line and the largest event `data` accepted, in bytes (`Int.max`: no limit).
    private let limit: Int

    /// Creates a parser; `lastEventID` carries over from a previous connection; `limit` caps a line and an
    /// event's `data` in bytes (`nil`: no cap).
    package init(lastEventID: String? = nil, retry: Int? = nil, limit: Int? = nil) {
        self.lastEventID = lastEventID
        self.retry = retry
        self.limit = limit ?? .max
        lines = LineSplitter(crEndsLine: true, dropsByteOrderMark: true, limit: limit)
    }

    /// The events completed by `chunk`, up to a line or event over the limit (which sets `failure`).
    package mutating func parse(_ chunk: Data) -> [ServerSentEvent] {
        guard failure == nil else { return [] }
        var events: [ServerSentEvent] = []
        var splitter = lines
        lines = Self.idleSplitter   // drops the second reference, so the splitter's buffer is not copied on write
        defer { lines = splitter }
        do throws(NetworkError) {
            try parse(chunk, with: &splitter, into: &events)
        } catch {
            failure = error
        }
        return events
    }

    /// `parse(_:)` with the splitter taken out of `self`.
    private mutating func parse(
        _ chunk: Data, with splitter: inout LineSplitter, into events: inout [ServerSentEvent]
    ) throws(NetworkError) {
        try chunk.withBytes { raw throws(NetworkError) in
            // The one data line of an event, while it lies in `raw` (valid through this closure): copied into `data`
            // only if a second data line comes or the chunk ends before the event does; else the event's `String`
            // is made straight from it.
            var inPlaceData: UnsafeRawBufferPointer?
            try splitter.forEachLine(in: raw) { line throws(NetworkError) in
                if let event = try process(line, inPlace: Self.contains(raw, line), inPlaceData: &inPlaceData) { events.append(event) }
            }
            if let rest = inPlaceData { data.append(contentsOf: rest) }
        }
    }

    /// Whether `inner` lies within `outer`.
    private static func contains(_ outer: UnsafeRawBufferPointer, _ inner: UnsafeRawBufferPointer) -> Bool {
        guard let start = outer.baseAddress, let innerStart = inner.baseAddress else { return false }
        return innerStart >= start && innerStart + inner.count <= start + outer.count
    }

    /// Forgets the event being built (the stream ended or was cut): it is never dispatched.
    package mutating func reset() {
        lines = LineSplitter(crEndsLine: true, dropsByteOrderMark: true, limit: limit)
        data.removeAll()
        hasData = false
        eventType = ""
    }

    private static let idleSplitter = LineSplitter(crEndsLine: true, dropsByteOrderMark: true)

    /// One line, without its line end. Safe: every pointer made here stays inside `line`, valid for the call; the
    /// one kept after it, `inPlaceData`, is kept only for a line `inPlace` in the chunk, and `parse` copies or drops it
    /// before that chunk's bytes go away.
    private mutating func process(
        _ line: UnsafeRawBufferPointer, inPlace: Bool, inPlaceData: inout UnsafeRawBufferPointer?
    ) throws(NetworkError) -> ServerSentEvent? {
        guard let base = line.baseAddress, !line.isEmpty else { return dispatch(inPlaceData: &inPlaceData) }
        let first = base.load(as: UInt8.self)
        if first == Self.colon { return nil }
        // The field name ends at the first colon (else the line is a bare field with an empty value); the value
        // starts after it, without one leading space.
        let colon = memchr(base, Int32(Self.colon), line.count).map { base.distance(to: UnsafeRawPointer($0)) } ?? line.count
        var valueStart = min(colon + 1, line.count)
        if valueStart < line.count, base.load(fromByteOffset: valueStart, as: UInt8.self) == Self.space { valueStart += 1 }
        let value = UnsafeRawBufferPointer(start: base + valueStart, count: line.count - valueStart)
        switch Field(name: UnsafeRawBufferPointer(start: base, count: colon)) {
        case .data:
            let size = data.count + (inPlaceData?.count ?? 0) + (hasData ? 1 : 0) + value.count
            guard size <= limit else { throw LineSplitter.tooLong("an event's data", limit: limit) }
            if !hasData, inPlace {
                inPlaceData = value
            } else {
                if let earlier = inPlaceData {
                    data.append(contentsOf: earlier)
                    inPlaceData = nil
                }
                if hasData { data.append(Self.lf) }
                data.append(contentsOf: value)
            }
            hasData = true
        case .event:
            eventType = String(decoding: value, as: UTF8.self)
        case .id:
            if memchr(base + valueStart, 0, value.count) == nil { lastEventID = String(decoding: value, as: UTF8.self) }
        case .retry:
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self)) ?? retry
            }
        case nil:
            break
        }
        return nil
    }

    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let lf: UInt8 = 0x0A

    /// The field names the parser acts on (every other name is ignored).
    private enum Field {
        case data, event, id, retry

        /// The field spelled by `name`, compared byte by byte (case-sensitive), if it is one of the four.
        init?(name: UnsafeRawBufferPointer) {
            func spells(_ word: StaticString) -> Bool {
                // Safe: both buffers have `name.count` bytes (checked first) and live for the call.
                guard word.utf8CodeUnitCount == name.count, let start = name.baseAddress else { return false }
                return memcmp(start, word.utf8Start, name.count) == 0
            }
            switch name.count {
            case 4 where spells("data"): self = .data
            case 5 where spells("event"): self = .event
            case 2 where spells("id"): self = .id
            case 5 where spells("retry"): self = .retry
            default: return nil
            }
        }
    }

    /// The event built so far (a blank line came), if it has data; starts the next one.
    private mutating func dispatch(inPlaceData: inout UnsafeRawBufferPointer?) -> ServerSentEvent? {
        defer {
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        let text: String
        if let single = inPlaceData {
            text = String(decoding: single, as: UTF8.self)
            inPlaceData = nil
        } else {
            text = String(decoding: data, as: UTF8.self)
            data.removeAll(keepingCapacity: true)
        }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: text, id: lastEventID?.isEmpty == true ? nil : lastEventID, retry: retry)
    }
}
