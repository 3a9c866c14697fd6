import Foundation

/// Turns the bytes of a `text/event-stream` into events by the WHATWG rules ("Interpreting an event stream"):
/// UTF-8 with a leading BOM dropped; lines end at CR, LF or CRLF; a line starting with `:` is a comment; `field:
/// value` (one space after the colon dropped) or a bare `field`; `data` lines are joined with LF, `event` names
/// the type, `id` sets the last event ID (ignored when it holds NUL) and persists, `retry` takes ASCII digits
/// only; a blank line dispatches the event (nothing when no `data` came); a partial event at the end of the stream
/// is dropped; unknown fields are ignored.
package struct ServerSentEventParser: Sendable {
    private var lines = LineSplitter(crEndsLine: true, dropsByteOrderMark: true)
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    /// The last event ID, kept across events and reconnections (`Last-Event-ID`).
    package private(set) var lastEventID: String?
    /// The reconnection time in milliseconds, once the stream set one.
    package private(set) var retry: Int?

    /// Creates a parser; `lastEventID` carries over from a previous connection.
    package init(lastEventID: String? = nil, retry: Int? = nil) {
        self.lastEventID = lastEventID
        self.retry = retry
    }

    /// The events completed by `chunk`.
    package mutating func parse(_ chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var splitter = lines
        lines = Self.idleSplitter   // drops the second reference, so the splitter's buffer is not copied on write
        splitter.forEachLine(in: chunk) { line in
            if let event = process(line) { events.append(event) }
        }
        lines = splitter
        return events
    }

    /// Forgets the event being built (the stream ended or was cut): it is never dispatched.
    package mutating func reset() {
        _ = lines.finish()
        lines = LineSplitter(crEndsLine: true, dropsByteOrderMark: true)
        data.removeAll()
        hasData = false
        eventType = ""
    }

    private static let idleSplitter = LineSplitter(crEndsLine: true, dropsByteOrderMark: true)
    private static let dataField = Array("data".utf8)
    private static let eventField = Array("event".utf8)
    private static let idField = Array("id".utf8)
    private static let retryField = Array("retry".utf8)

    private mutating func process(_ line: UnsafeRawBufferPointer) -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line[0] == UInt8(ascii: ":") { return nil }
        let field: Slice<UnsafeRawBufferPointer>
        var value: Slice<UnsafeRawBufferPointer>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = line[line.endIndex...]
        }
        if field.elementsEqual(Self.dataField) {
            data.append(contentsOf: value)
            data.append(0x0A)
            hasData = true
        } else if field.elementsEqual(Self.eventField) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual(Self.idField) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual(Self.retryField) {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                retry = Int(String(decoding: value, as: UTF8.self)) ?? retry
            }
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        if data.last == 0x0A { data.removeLast() }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
            id: lastEventID?.isEmpty == true ? nil : lastEventID, retry: retry)
    }
}
