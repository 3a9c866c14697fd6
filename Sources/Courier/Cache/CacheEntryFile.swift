import Foundation

/// The on-disk form of a `CacheEntry`: one file per entry, checked whole before it is used.
///
/// Layout (little-endian): the magic `CCE1`, the metadata length (UInt32), the body length (UInt64), the CRC-32
/// of metadata and body (UInt32), then the metadata (JSON: key, URL, status, header fields, times, selecting
/// fields, age and lifetime) and the body. A file whose size is not exactly what its lengths say (cut short by a killed process),
/// whose checksum fails, or whose metadata does not decode is no entry (`decode` returns `nil`).
enum CacheEntryFile {
    private static let magic = Data("CCE1".utf8)
    private static let prefixLength = 20

    private struct Metadata: Codable {
        var key: String
        var url: String?
        var statusCode: Int
        var headers: [[String]]
        var requestTime: Double
        var responseTime: Double
        var varyFields: [CacheEntry.VaryField]
        var correctedInitialAge: Double
        var freshnessLifetime: Double
    }

    /// The file's bytes for `entry`.
    static func encode(_ entry: CacheEntry) -> Data {
        let metadata = Metadata(
            key: entry.key, url: entry.url?.absoluteString, statusCode: entry.statusCode,
            headers: entry.headers.fields.map { [$0.name, $0.value] },
            requestTime: entry.requestTime.timeIntervalSince1970, responseTime: entry.responseTime.timeIntervalSince1970,
            varyFields: entry.varyFields, correctedInitialAge: entry.correctedInitialAge,
            freshnessLifetime: entry.freshnessLifetime)
        // Encoding plain strings, numbers and arrays cannot fail.
        let json = (try? JSONEncoder().encode(metadata)) ?? Data()
        var data = magic
        append(UInt32(json.count), to: &data)
        append(UInt64(entry.body.count), to: &data)
        append(CRC32.checksum([json, entry.body]), to: &data)
        data.append(json)
        data.append(entry.body)
        return data
    }

    /// The entry in `data`, or `nil` when the file is truncated, damaged or not an entry file.
    static func decode(_ data: Data) -> CacheEntry? {
        guard data.count >= prefixLength, data.prefix(4) == magic else { return nil }
        let bytes = [UInt8](data.prefix(prefixLength))
        let metadataLength = Int(read(UInt32.self, bytes, at: 4))
        let bodyLength = read(UInt64.self, bytes, at: 8)
        guard bodyLength <= UInt64(Int.max - prefixLength - metadataLength),
              data.count == prefixLength + metadataLength + Int(bodyLength) else { return nil }
        let start = data.startIndex + prefixLength
        let json = data[start..<start + metadataLength]
        let body = Data(data[(start + metadataLength)...])
        guard CRC32.checksum([Data(json), body]) == read(UInt32.self, bytes, at: 16),
              let metadata = try? JSONDecoder().decode(Metadata.self, from: json),
              metadata.headers.allSatisfy({ $0.count == 2 }) else { return nil }
        return CacheEntry(
            key: metadata.key, url: metadata.url.flatMap(URL.init(string:)), statusCode: metadata.statusCode,
            headers: HTTPHeaders(metadata.headers.map { ($0[0], $0[1]) }), body: body,
            requestTime: Date(timeIntervalSince1970: metadata.requestTime),
            responseTime: Date(timeIntervalSince1970: metadata.responseTime), varyFields: metadata.varyFields,
            correctedInitialAge: metadata.correctedInitialAge, freshnessLifetime: metadata.freshnessLifetime)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        for index in 0..<MemoryLayout<T>.size { data.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    private static func read<T: FixedWidthInteger>(_ type: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        (0..<MemoryLayout<T>.size).reduce(T.zero) { $0 | T(bytes[offset + $1]) << (8 * $1) }
    }
}
