import Foundation
import Testing
import URLQueryCoding

/// Encoder/decoder configuration details: mutating a strategy after creation, delimiters in form
/// bodies, the unreserved set, dictionaries, query items without values.
@Suite struct ConfigurationTests {
    @Test func changingAStrategyAfterInitTakesEffect() throws {
        var encoder = URLQueryEncoder()
        #expect(try unescaped(Tagged(tags: ["a", "b"]), encoder) == "tags[0]=a&tags[1]=b")
        encoder.arrayEncodingStrategy = .repeated
        #expect(try unescaped(Tagged(tags: ["a", "b"]), encoder) == "tags=a&tags=b")
        encoder.boolEncodingStrategy = .numeric
        encoder.keyEncodingStrategy = .custom { "k_" + $0 }
        #expect(try unescaped(Wrapper(value: true), encoder) == "k_value=1")
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(try unescaped(Wrapper(value: Double.infinity), encoder) == "k_value=inf")
        encoder.dateEncodingStrategy = .secondsSince1970
        #expect(try unescaped(Wrapper(value: Date(timeIntervalSince1970: 5)), encoder) == "k_value=5")
        encoder.dataEncodingStrategy = .base64URL
        #expect(try unescaped(Wrapper(value: Data([0xFB, 0xFF])), encoder) == "k_value=-_8")
        encoder.objectEncodingStrategy = .dots
        #expect(try unescaped(Wrapper(value: User(name: "n", age: 1)), encoder) == "k_value.k_age=1&k_value.k_name=n")
    }

    @Test(arguments: [
        (URLQueryEncoder.ArrayEncodingStrategy.spaceDelimited, "tags=a+b"),
        (.pipeDelimited, "tags=a%7Cb"),
        (.commaSeparated, "tags=a,b"),
        (.bracketed, "tags%5B%5D=a&tags%5B%5D=b"),
    ])
    func delimitersInFormBodies(_ strategy: URLQueryEncoder.ArrayEncodingStrategy, expected: String) throws {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: strategy)
        let body = try encoder.encodeFormBody(Tagged(tags: ["a", "b"]))
        #expect(String(decoding: body, as: UTF8.self) == expected)
        #expect(try URLQueryDecoder(arrayDecodingStrategy: strategy).decode(Tagged.self, fromFormBody: body) == Tagged(tags: ["a", "b"]))
    }

    @Test func unreservedSetIsExactlyRFC3986() {
        let spelled = PercentEncoding.AllowedCharacters(ascii: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        #expect(spelled == .unreserved)
        for byte in UInt8(0)...UInt8(255) {
            let scalar = Character(UnicodeScalar(byte))
            let expected = byte < 128 && (scalar.isLetter || scalar.isNumber || "-._~".contains(scalar))
            #expect(PercentEncoding.AllowedCharacters.unreserved.contains(byte) == expected, "byte \(byte)")
        }
    }

    @Test func dictionariesRoundTrip() throws {
        let value = Wrapper(value: ["b key": 2, "a&b": 1, "ü": 3])
        let query = try URLQueryEncoder().encodeQueryString(value)
        #expect(query == "value%5Ba%26b%5D=1&value%5Bb%20key%5D=2&value%5B%C3%BC%5D=3")
        #expect(try URLQueryDecoder().decode(Wrapper<[String: Int]>.self, from: query) == value)
        let intKeyed = Wrapper(value: [10: "ten", 2: "two"])
        #expect(try URLQueryDecoder().decode(Wrapper<[Int: String]>.self, from: try URLQueryEncoder().encode(intKeyed)) == intKeyed)
    }

    enum Color: String, Codable, CodingKeyRepresentable { case red, blue }
    enum Plain: String, Codable { case one }

    @Test func codingKeyRepresentableKeysAreText() throws {
        let value = Wrapper(value: [Color.red: 1, .blue: 2])
        #expect(try unescaped(value) == "value[blue]=2&value[red]=1")
        #expect(try URLQueryDecoder().decode(Wrapper<[Color: Int]>.self, from: try URLQueryEncoder().encode(value)) == value)
        #expect(throws: URLQueryEncoder.EncodingError.nonStringDictionaryKey(codingPath: [AnyKey("value")])) {
            try URLQueryEncoder().encode(Wrapper(value: [Plain.one: 1]))
        }
    }

    @Test func itemsWithoutValuesReadAsEmptyStrings() throws {
        let items = [URLQueryItem(name: "c", value: nil), URLQueryItem(name: "a", value: "x")]
        #expect(try URLQueryDecoder().decode(OptionalFields.self, from: items) == OptionalFields(a: "x", b: nil, c: ""))
        #expect(try URLQueryDecoder().decode(OptionalFields.self, from: "c&a=x") == OptionalFields(a: "x", b: nil, c: ""))
    }

    @Test func rootKeyWithObjectStrategies() throws {
        let user = User(name: "kim", age: 3)
        #expect(try unescaped(user, URLQueryEncoder(objectEncodingStrategy: .dots), rootKey: "u") == "u.age=3&u.name=kim")
        let query = try URLQueryEncoder(objectEncodingStrategy: .dots).encodeQueryString(user, rootKey: "u")
        #expect(try URLQueryDecoder(objectDecodingStrategy: .dots).decode(User.self, from: query, rootKey: "u") == user)
    }

    @Test func nonASCIIKeysSortDeterministically() throws {
        let value = ["é": 1, "z": 2, "a": 3, "É": 4, "日本": 5]
        let first = try URLQueryEncoder().encodeQueryString(value)
        for _ in 0..<5 { #expect(try URLQueryEncoder().encodeQueryString(value) == first) }
        #expect(try URLQueryEncoder().encode(value).map(\.name) == ["a", "z", "É", "é", "日本"])
    }

    @Test func encodersAreSendableValues() async throws {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: .bracketed)
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try encoder.encodeQueryString(Tagged(tags: ["t\(index)"])) }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(results).count == 8)
    }
}
