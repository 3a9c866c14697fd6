import Foundation
import Testing
import URLQueryCoding

/// Bad input gets a typed error with the coding path — never a crash.
@Suite struct URLQueryEncoderErrorTests {
    typealias ArrayStrategy = URLQueryEncoder.ArrayEncodingStrategy
    static let nonIndexed: [ArrayStrategy] = [.bracketed, .repeated, .commaSeparated, .pipeDelimited, .spaceDelimited]

    @Test(arguments: nonIndexed)
    func nestedArraysNeedIndexed(_ strategy: ArrayStrategy) {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: strategy)
        #expect(throws: URLQueryEncoder.EncodingError.self) { try encoder.encode(Wrapper(value: [[1], [2]])) }
        do {
            _ = try encoder.encodeQueryString(Wrapper(value: [[1], [2]]))
            Issue.record("expected an error")
        } catch let error as URLQueryEncoder.EncodingError {
            guard case .unsupportedNesting(let path, _) = error else { Issue.record("wrong case \(error)"); return }
            #expect(path.map(\.stringValue) == ["value", "0"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// `.bracketed` writes arrays of objects in the Rails form (see `BracketedObjectArrayTests`).
    @Test(arguments: nonIndexed.filter { $0 != .bracketed })
    func objectsInArraysNeedIndexed(_ strategy: ArrayStrategy) throws {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: strategy)
        do {
            _ = try encoder.encode(Wrapper(value: [User(name: "a", age: 1), User(name: "b", age: 2)]))
            Issue.record("expected an error")
        } catch let error as URLQueryEncoder.EncodingError {
            guard case .unsupportedNesting(let path, _) = error else { Issue.record("wrong case \(error)"); return }
            #expect(path.map(\.stringValue) == ["value", "0"])
        }
    }

    @Test func objectsInArraysCannotBeFlattened() {
        let encoder = URLQueryEncoder(objectEncodingStrategy: .flattened)
        #expect(throws: URLQueryEncoder.EncodingError.self) { try encoder.encode(Wrapper(value: [User(name: "a", age: 1)])) }
    }

    @Test(arguments: [
        (ArrayStrategy.commaSeparated, "a,b", ","),
        (.pipeDelimited, "a|b", "|"),
        (.spaceDelimited, "a b", " "),
    ])
    func delimiterInsideAnElement(_ strategy: ArrayStrategy, element: String, delimiter: String) {
        #expect(throws: URLQueryEncoder.EncodingError.delimiterInValue(
            codingPath: [AnyKey("tags"), AnyKey(1)], delimiter: delimiter
        )) { try URLQueryEncoder(arrayEncodingStrategy: strategy).encode(Tagged(tags: ["ok", element])) }
    }

    @Test func nonStringDictionaryKeys() {
        struct Point: Codable, Hashable { let x: Int }
        #expect(throws: URLQueryEncoder.EncodingError.nonStringDictionaryKey(codingPath: [AnyKey("value")])) {
            try URLQueryEncoder().encode(Wrapper(value: [Point(x: 1): "a"]))
        }
        #expect(throws: URLQueryEncoder.EncodingError.nonStringDictionaryKey(codingPath: [])) {
            try URLQueryEncoder().encode([Point(x: 1): "a"])
        }
        #expect(throws: URLQueryEncoder.EncodingError.nonStringDictionaryKey(codingPath: [])) {
            try URLQueryEncoder().encode([Point(x: 1): "a"], rootKey: "d")
        }
    }

    @Test func intDictionaryKeysAreWrittenAsText() throws {
        #expect(try unescaped(Wrapper(value: [2: "b", 1: "a"])) == "value[1]=a&value[2]=b")
    }

    @Test func flattenedCollisionsAreRejected() {
        struct Two: Encodable {
            let a: User
            let b: User
        }
        let encoder = URLQueryEncoder(objectEncodingStrategy: .flattened)
        #expect(throws: URLQueryEncoder.EncodingError.keyCollision(codingPath: [AnyKey("b"), AnyKey("age")], key: "age")) {
            try encoder.encode(Two(a: User(name: "x", age: 1), b: User(name: "y", age: 2)))
        }
    }

    @Test func customClosureErrorsPropagate() {
        struct Boom: Error, Equatable {}
        let encoder = URLQueryEncoder(dateEncodingStrategy: .custom { _ in throw Boom() })
        #expect(throws: Boom()) { try encoder.encode(Wrapper(value: Date())) }
    }

    @Test func errorsDescribeThePath() {
        let error = URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: [AnyKey("filter"), AnyKey("ids"), AnyKey(2)])
        #expect(error.description == "non-finite number (NaN or infinity) at filter.ids[2]")
        #expect(URLQueryEncoder.EncodingError.unsupportedTopLevelValue.description.contains("rootKey"))
    }
}
