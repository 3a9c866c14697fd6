/// The 61 entries every HPACK context starts with (RFC 7541 Appendix A), indexed from 1, and the lookups the
/// encoder uses to find them.
enum HPACKStaticTable {
    /// The entries (their names and values are ASCII); index `i` (1...61) is `entries[i - 1]`.
    static let entries: [HPACKDynamicTable.Entry] = [
        (":authority", ""), (":method", "GET"), (":method", "POST"), (":path", "/"), (":path", "/index.html"),
        (":scheme", "http"), (":scheme", "https"), (":status", "200"), (":status", "204"), (":status", "206"),
        (":status", "304"), (":status", "400"), (":status", "404"), (":status", "500"), ("accept-charset", ""),
        ("accept-encoding", "gzip, deflate"), ("accept-language", ""), ("accept-ranges", ""), ("accept", ""),
        ("access-control-allow-origin", ""), ("age", ""), ("allow", ""), ("authorization", ""), ("cache-control", ""),
        ("content-disposition", ""), ("content-encoding", ""), ("content-language", ""), ("content-length", ""),
        ("content-location", ""), ("content-range", ""), ("content-type", ""), ("cookie", ""), ("date", ""),
        ("etag", ""), ("expect", ""), ("expires", ""), ("from", ""), ("host", ""), ("if-match", ""),
        ("if-modified-since", ""), ("if-none-match", ""), ("if-range", ""), ("if-unmodified-since", ""),
        ("last-modified", ""), ("link", ""), ("location", ""), ("max-forwards", ""), ("proxy-authenticate", ""),
        ("proxy-authorization", ""), ("range", ""), ("referer", ""), ("refresh", ""), ("retry-after", ""),
        ("server", ""), ("set-cookie", ""), ("strict-transport-security", ""), ("transfer-encoding", ""),
        ("user-agent", ""), ("vary", ""), ("via", ""), ("www-authenticate", ""),
    ].map { name, value in
        HPACKDynamicTable.Entry(field: HPACKHeaderField(name: name, value: value), nameSize: name.utf8.count, valueSize: value.utf8.count)
    }

    /// The lowest index of each name.
    static let nameIndices: [String: Int] = {
        var indices: [String: Int] = [:]
        for (offset, entry) in entries.enumerated() where indices[entry.field.name] == nil { indices[entry.field.name] = offset + 1 }
        return indices
    }()

    /// The index of each entry with a non-empty value (an empty one is found through `nameIndices`).
    static let fieldIndices: [HPACKDynamicTable.Key: Int] = {
        var indices: [HPACKDynamicTable.Key: Int] = [:]
        for (offset, entry) in entries.enumerated() where !entry.field.value.isEmpty {
            indices[HPACKDynamicTable.Key(name: entry.field.name, value: entry.field.value)] = offset + 1
        }
        return indices
    }()

    /// The index of the entry with this name and value, if any.
    static func index(of name: String, _ value: String) -> Int? {
        if value.isEmpty {
            guard let index = nameIndices[name], entries[index - 1].field.value.isEmpty else { return nil }
            return index
        }
        return fieldIndices[HPACKDynamicTable.Key(name: name, value: value)]
    }
}
