/// The built-in scalar types and their Swift spelling.
package enum ScalarType: String, Sendable, Hashable, CaseIterable {
    private static let table = KeywordTable<ScalarType>()

    /// The case spelled `rawValue`, if any.
    package init?(rawValue: String) {
        guard let value = Self.table.keyword(rawValue) else { return nil }
        self = value
    }

    /// Integers: `Int32`, `UInt32`, `Int64`, `UInt64`, `Int`.
    case int32 = "INT32", uint32 = "UINT32", int64 = "INT64", uint64 = "UINT64", int = "INT"
    /// `Bool`, `Double`, `Float`, `String`.
    case bool = "BOOL", double = "DOUBLE", float = "FLOAT", string = "STRING"
    /// `URL` of a file on disk, `Data`, `Date`, `JSONValue`, `UUID`, `URL`.
    case file = "FILE", blob = "BLOB", date = "DATE", any = "ANY", uuid = "UUID", url = "URL"

    /// The Swift type name (`FILE` and `URL` → `URL`, `BLOB` → `Data`, `ANY` → `JSONValue`).
    package var swiftName: String {
        switch self {
        case .int32: "Int32"
        case .uint32: "UInt32"
        case .int64: "Int64"
        case .uint64: "UInt64"
        case .int: "Int"
        case .bool: "Bool"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .file, .url: "URL"
        case .blob: "Data"
        case .date: "Date"
        case .any: "JSONValue"
        case .uuid: "UUID"
        }
    }

    /// Whether this is an integer type.
    package var isInteger: Bool {
        switch self {
        case .int32, .uint32, .int64, .uint64, .int: true
        default: false
        }
    }

    /// Whether the literal text fits this integer type.
    func fits(integer text: String) -> Bool {
        switch self {
        case .int32: Int32(text) != nil
        case .uint32: UInt32(text) != nil
        case .int64, .int: Int64(text) != nil
        case .uint64: UInt64(text) != nil
        default: false
        }
    }
}
