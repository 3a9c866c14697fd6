import Foundation
import Testing
import URLQueryCoding

/// One test per row of the rules table in DESIGN.md / the query-encoding spec.
@Suite struct URLQueryEncoderSpecTests {
    @Test func specExampleVerbatim() throws {
        let items = try URLQueryEncoder().encode(Params(user: User(name: "kim", age: 32), tags: ["new", "trial"]))
        let serialized = items.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        #expect(serialized == "tags[0]=new&tags[1]=trial&user[age]=32&user[name]=kim")
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let render: @Sendable () throws -> String
        let expected: String
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "top-level scalar with rootKey", render: { try unescaped(42, rootKey: "rootKey") }, expected: "rootKey=42"),
        Row(name: "top-level array with rootKey", render: { try unescaped(["a", "b"], rootKey: "ids") }, expected: "ids[0]=a&ids[1]=b"),
        Row(name: "top-level object", render: { try unescaped(User(name: "kim", age: 32)) }, expected: "age=32&name=kim"),
        Row(name: "top-level object with rootKey", render: { try unescaped(User(name: "kim", age: 32), rootKey: "u") }, expected: "u[age]=32&u[name]=kim"),
        Row(name: "nested object", render: { try unescaped(Wrapper(value: ["name": "kim"])) }, expected: "value[name]=kim"),
        Row(name: "nested array (indexed default)", render: { try unescaped(Tagged(tags: ["a", "b"])) }, expected: "tags[0]=a&tags[1]=b"),
        Row(name: "mixed object + array", render: { try unescaped(Filter(filter: .init(ids: [1, 2]))) }, expected: "filter[ids][0]=1&filter[ids][1]=2"),
        Row(name: "nil / Optional skipped", render: { try unescaped(OptionalFields(a: nil, b: nil, c: "x")) }, expected: "c=x"),
        Row(name: "Optional present", render: { try unescaped(OptionalFields(a: "y", b: 0, c: "x")) }, expected: "a=y&b=0&c=x"),
        Row(name: "Date default ISO-8601 with fraction", render: { try unescaped(Wrapper(value: Date(timeIntervalSince1970: 1_714_566_600.25))) }, expected: "value=2024-05-01T12:30:00.250Z"),
        Row(name: "empty object / array emit nothing", render: { try unescaped(Empties(nothing: .init(), list: [], name: "n")) }, expected: "name=n"),
        Row(name: "only empty things → no items", render: { try unescaped(Tagged(tags: [])) }, expected: ""),
        Row(name: "keys sorted per level, arrays keep order", render: { try unescaped(Wrapper(value: ["b": [3, 1, 2], "a": [9]])) }, expected: "value[a][0]=9&value[b][0]=3&value[b][1]=1&value[b][2]=2"),
        Row(name: "array elements never sorted as strings", render: { try unescaped(Tagged(tags: ["10", "9", "b", "A"])) }, expected: "tags[0]=10&tags[1]=9&tags[2]=b&tags[3]=A"),
        Row(name: "nil array element keeps the indices", render: { try unescaped(Wrapper(value: [1, nil, 3] as [Int?])) }, expected: "value[0]=1&value[2]=3"),
        Row(name: "array of objects (indexed)", render: { try unescaped(Wrapper(value: [User(name: "a", age: 1)])) }, expected: "value[0][age]=1&value[0][name]=a"),
        Row(name: "array of arrays (indexed)", render: { try unescaped(Wrapper(value: [[1], [2, 3]])) }, expected: "value[0][0]=1&value[1][0]=2&value[1][1]=3"),
    ]

    @Test(arguments: rows) func rule(_ row: Row) throws {
        #expect(try row.render() == row.expected)
    }

    enum TopLevel: String, CaseIterable, Sendable {
        case int, array, string, date, dictionaryArray

        func encode() throws -> [URLQueryItem] {
            switch self {
            case .int: try URLQueryEncoder().encode(42)
            case .array: try URLQueryEncoder().encode(["a"])
            case .string: try URLQueryEncoder().encode("text")
            case .date: try URLQueryEncoder().encode(Date())
            case .dictionaryArray: try URLQueryEncoder().encode([["a": 1]])
            }
        }
    }

    @Test(arguments: TopLevel.allCases)
    func topLevelScalarOrArrayWithoutRootKeyThrows(_ value: TopLevel) {
        #expect(throws: URLQueryEncoder.EncodingError.unsupportedTopLevelValue) { try value.encode() }
    }

    @Test func topLevelErrorOnEveryOutput() {
        let encoder = URLQueryEncoder()
        #expect(throws: URLQueryEncoder.EncodingError.unsupportedTopLevelValue) { try encoder.encodeQueryString([1, 2]) }
        #expect(throws: URLQueryEncoder.EncodingError.unsupportedTopLevelValue) { try encoder.encodeFormBody(7) }
    }

    @Test func topLevelNilEncodesNothing() throws {
        let none: User? = nil
        #expect(try URLQueryEncoder().encode(none).isEmpty)
    }

    @Test func dictionaryKeysAreSortedDeterministically() throws {
        var dictionary: [String: Int] = [:]
        for index in 0..<50 { dictionary["k\(index)"] = index }
        let names = try URLQueryEncoder().encode(dictionary).map(\.name)
        #expect(names == names.sorted())
        #expect(names.count == 50)
    }
}
