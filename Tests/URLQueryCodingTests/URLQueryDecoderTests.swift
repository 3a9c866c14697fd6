import Foundation
import Testing
import URLQueryCoding

@Suite struct URLQueryDecoderTests {
    typealias ArrayStrategy = URLQueryDecoder.ArrayDecodingStrategy

    @Test func specExampleFromEveryInput() throws {
        let expected = Params(user: User(name: "kim", age: 32), tags: ["new", "trial"])
        let decoder = URLQueryDecoder()
        #expect(try decoder.decode(Params.self, from: "tags%5B0%5D=new&tags%5B1%5D=trial&user%5Bage%5D=32&user%5Bname%5D=kim") == expected)
        #expect(try decoder.decode(Params.self, from: "?tags[0]=new&tags[1]=trial&user[age]=32&user[name]=kim") == expected)
        #expect(try decoder.decode(Params.self, from: try URLQueryEncoder().encode(expected)) == expected)
        let body = Data("user%5Bname%5D=kim&user%5Bage%5D=32&tags%5B%5D=new&tags%5B%5D=trial".utf8)
        #expect(try decoder.decode(Params.self, fromFormBody: body) == expected)
    }

    @Test(arguments: [
        (ArrayStrategy.indexed, "tags[1]=b&tags[0]=a"),
        (.indexed, "tags[]=a&tags[]=b"),
        (.indexed, "tags=a&tags=b"),
        (.bracketed, "tags%5B%5D=a&tags%5B%5D=b"),
        (.repeated, "tags=a&tags=b"),
        (.commaSeparated, "tags=a,b"),
        (.commaSeparated, "tags=a%2Cb"),
        (.pipeDelimited, "tags=a%7Cb"),
        (.pipeDelimited, "tags=a|b"),
        (.spaceDelimited, "tags=a%20b"),
    ])
    func arrayShapes(_ strategy: ArrayStrategy, query: String) throws {
        #expect(try URLQueryDecoder(arrayDecodingStrategy: strategy).decode(Tagged.self, from: query) == Tagged(tags: ["a", "b"]))
    }

    @Test(arguments: [
        (URLQueryDecoder.ObjectDecodingStrategy.brackets, "filter[ids][0]=1&user[age]=32&user[name]=kim"),
        (.dots, "filter.ids[0]=1&user.age=32&user.name=kim"),
        (.flattened, "ids[0]=1&age=32&name=kim"),
    ])
    func objectShapes(_ strategy: URLQueryDecoder.ObjectDecodingStrategy, query: String) throws {
        struct Model: Decodable, Equatable {
            let user: User
            let filter: Filter.Inner
        }
        let decoded = try URLQueryDecoder(objectDecodingStrategy: strategy).decode(Model.self, from: query)
        #expect(decoded == Model(user: User(name: "kim", age: 32), filter: .init(ids: [1])))
    }

    @Test func flattenedOptionalObjects() throws {
        struct Model: Decodable, Equatable {
            let user: User?
            let tags: [String]?
            let q: String
        }
        let decoder = URLQueryDecoder(objectDecodingStrategy: .flattened)
        #expect(try decoder.decode(Model.self, from: "q=x") == Model(user: nil, tags: nil, q: "x"))
        #expect(try decoder.decode(Model.self, from: "q=x&name=kim&age=3")
            == Model(user: User(name: "kim", age: 3), tags: nil, q: "x"))
    }

    @Test(arguments: [
        ("convertFromSnakeCase", URLQueryDecoder.KeyDecodingStrategy.convertFromSnakeCase, "user_id=1&my_url_property=u"),
        ("useDefaultKeys", .useDefaultKeys, "userID=1&myURLProperty=u"),
        ("custom", .custom { $0.uppercased() }, "USERID=1&MYURLPROPERTY=u"),
    ])
    func keyStrategies(_ name: String, _ strategy: URLQueryDecoder.KeyDecodingStrategy, query: String) throws {
        struct Model: Decodable, Equatable {
            let userID: Int
            let myURLProperty: String
        }
        #expect(try URLQueryDecoder(keyDecodingStrategy: strategy).decode(Model.self, from: query) == Model(userID: 1, myURLProperty: "u"))
    }

    @Test func snakeCaseDictionaryKeys() throws {
        let decoded = try URLQueryDecoder(keyDecodingStrategy: .convertFromSnakeCase)
            .decode(Wrapper<[String: Int]>.self, from: "value[first_key]=1&value[plain]=2")
        #expect(decoded.value == ["firstKey": 1, "plain": 2])
    }

    @Test(arguments: [
        ("iso8601WithFractionalSeconds", URLQueryDecoder.DateDecodingStrategy.iso8601WithFractionalSeconds, "2024-05-01T12:30:00.250Z"),
        ("iso8601 offset", .iso8601, "2024-05-01T14:30:00.250+02:00"),
        ("iso8601 compact offset", .iso8601, "2024-05-01T07:30:00.25-0500"),
        ("secondsSince1970", .secondsSince1970, "1714566600.25"),
        ("millisecondsSince1970", .millisecondsSince1970, "1714566600250"),
        ("custom", .custom { _ in Date(timeIntervalSince1970: 1_714_566_600.25) }, "anything"),
    ])
    func dateStrategies(_ name: String, _ strategy: URLQueryDecoder.DateDecodingStrategy, text: String) throws {
        let decoded = try URLQueryDecoder(dateDecodingStrategy: strategy).decode(Wrapper<Date>.self, from: "value=\(text)")
        #expect(abs(decoded.value.timeIntervalSince1970 - 1_714_566_600.25) < 0.0005)
    }

    @Test func formattedDates() throws {
        let decoder = URLQueryDecoder(dateDecodingStrategy: .formatted(URLQueryEncoderStrategyTests.formatter()))
        let decoded = try decoder.decode(Wrapper<Date>.self, from: "value=2024%2F05%2F01%2012%3A30")
        #expect(decoded.value == Date(timeIntervalSince1970: 1_714_566_600))
    }

    @Test(arguments: [("true", true), ("false", false), ("1", true), ("0", false)])
    func bools(_ text: String, expected: Bool) throws {
        #expect(try URLQueryDecoder().decode(Wrapper<Bool>.self, from: "value=\(text)").value == expected)
    }

    @Test func dataStrategies() throws {
        #expect(try URLQueryDecoder().decode(Wrapper<Data>.self, from: "value=%2B%2F8%3D").value == Data([0xFB, 0xFF]))
        #expect(try URLQueryDecoder(dataDecodingStrategy: .base64URL).decode(Wrapper<Data>.self, from: "value=-_8").value
            == Data([0xFB, 0xFF]))
    }

    @Test func plusHandling() throws {
        #expect(try URLQueryDecoder().decode(Wrapper<String>.self, from: "value=a+b").value == "a+b")
        #expect(try URLQueryDecoder(decodesPlusAsSpace: true).decode(Wrapper<String>.self, from: "value=a+b").value == "a b")
        #expect(try URLQueryDecoder().decode(Wrapper<String>.self, fromFormBody: Data("value=a+b%2B".utf8)).value == "a b+")
    }

    @Test func rootKey() throws {
        #expect(try URLQueryDecoder().decode(Int.self, from: "rootKey=42", rootKey: "rootKey") == 42)
        #expect(try URLQueryDecoder().decode([String].self, from: "ids[0]=a&ids[1]=b", rootKey: "ids") == ["a", "b"])
    }

    @Test func gapsInIndexedArraysAreNil() throws {
        #expect(try URLQueryDecoder().decode(Wrapper<[Int?]>.self, from: "value[0]=1&value[2]=3").value == [1, nil, 3])
    }

    @Test func missingArraysAndEmptyObjectsDecodeEmpty() throws {
        #expect(try URLQueryDecoder().decode(Empties.self, from: "name=n") == Empties(nothing: .init(), list: [], name: "n"))
    }

    @Test func nonFiniteStrings() throws {
        let decoder = URLQueryDecoder(nonConformingFloatDecodingStrategy: .convertFromString(
            positiveInfinity: "Inf", negativeInfinity: "-Inf", nan: "NaN"
        ))
        #expect(try decoder.decode(Wrapper<Double>.self, from: "value=Inf").value == .infinity)
        #expect(try decoder.decode(Wrapper<Float>.self, from: "value=NaN").value.isNaN)
    }

    // MARK: - Errors

    /// Runs `body` and returns the `DecodingError` it throws, failing the test if it throws anything else.
    func decodingError(_ body: () throws -> Void) -> DecodingError? {
        do {
            try body()
            Issue.record("expected a DecodingError")
        } catch let error as DecodingError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    static func path(of error: DecodingError?) -> [String] {
        switch error {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            return context.codingPath.map(\.stringValue)
        case .keyNotFound(let key, let context)?:
            return context.codingPath.map(\.stringValue) + [key.stringValue]
        default:
            return []
        }
    }

    @Test(arguments: ["value=%", "value=%2", "value=%ZZ", "va%G1lue=1", "value=%FF"])
    func malformedPercentEscapes(_ query: String) {
        let error = decodingError { _ = try URLQueryDecoder().decode(Wrapper<String>.self, from: query) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(context.underlyingError is PercentEncodingError)
    }

    @Test(arguments: [
        ("user[age]=old&user[name]=kim&tags[0]=a", ["user", "age"]),
        ("user[age]=1&tags[0]=a", ["user", "name"]),
        ("user[age]=1&user[name]=kim&tags[x]=a", ["tags"]),
        ("user=kim&tags[0]=a", ["user"]),
        ("user[age]=1&user[age]=2&user[name]=k", ["user", "age"]),
        ("user[age]=1e3&user[name]=k", ["user", "age"]),
        ("user[age]=99999999999999999999&user[name]=k", ["user", "age"]),
        ("user[age][x]=1&user[name]=k", ["user", "age"]),
        ("user[age]=1&user[name]=k&tags[99999]=a", ["tags"]),
    ])
    func typedErrorsCarryThePath(_ query: String, path: [String]) {
        let error = decodingError { _ = try URLQueryDecoder().decode(Params.self, from: query) }
        #expect(Self.path(of: error) == path)
    }

    @Test(arguments: ["nan", "inf", "-infinity", "1.5x", "0x10", "", "1e"])
    func nonNumbersAreRejected(_ text: String) {
        let error = decodingError { _ = try URLQueryDecoder().decode(Wrapper<Double>.self, from: "value=\(text)") }
        #expect(Self.path(of: error) == ["value"])
    }

    @Test(arguments: ["yes", "TRUE", "2", ""])
    func nonBoolsAreRejected(_ text: String) {
        let error = decodingError { _ = try URLQueryDecoder().decode(Wrapper<Bool>.self, from: "value=\(text)") }
        guard case .typeMismatch? = error else { Issue.record("wrong error"); return }
    }

    @Test(arguments: ["value=12abc", "value=not-a-date", "value=zz"])
    func specialTypesRejectGarbage(_ query: String) {
        #expect(decodingError { _ = try URLQueryDecoder().decode(Wrapper<Decimal>.self, from: query) } != nil)
        #expect(decodingError { _ = try URLQueryDecoder().decode(Wrapper<Date>.self, from: query) } != nil)
        #expect(decodingError { _ = try URLQueryDecoder().decode(Wrapper<UUID>.self, from: query) } != nil)
    }

    @Test func topLevelScalarNeedsRootKey() {
        guard case .typeMismatch? = decodingError({ _ = try URLQueryDecoder().decode(Int.self, from: "a=1") }) else {
            Issue.record("wrong error"); return
        }
        guard case .typeMismatch? = decodingError({ _ = try URLQueryDecoder().decode([Int].self, from: "a=1") }) else {
            Issue.record("wrong error"); return
        }
    }

    @Test func bothValueAndNestedKeys() {
        guard case .dataCorrupted? = decodingError({ _ = try URLQueryDecoder().decode(Wrapper<User>.self, from: "value=1&value[name]=k&value[age]=2") }) else {
            Issue.record("wrong error"); return
        }
    }
}
