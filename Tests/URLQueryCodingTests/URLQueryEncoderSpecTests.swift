import Foundation
import Testing
import URLQueryCoding

@Suite struct URLQueryEncoderSpecTests {
    struct Params: Encodable {
        let user: User
        let tags: [String]
    }
    struct User: Encodable {
        let name: String
        let age: Int
    }

    @Test func specExampleVerbatim() throws {
        let items = try URLQueryEncoder().encode(Params(user: User(name: "kim", age: 32), tags: ["new", "trial"]))
        let serialized = items.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        #expect(serialized == "tags[0]=new&tags[1]=trial&user[age]=32&user[name]=kim")
    }
}
