import Testing
@testable import HTTPIDLCore

/// The fast lookups answer exactly what the sets and raw values they stand for answer.
@Suite struct LookupTableTests {
    @Test(arguments: ["", "default", "Default", "defaults", "self", "Type", "name", "in", "id", "é", "`class`",
                      String(repeating: "a", count: 80), "associatedtype", "associatedtypes", "Protocol", "protocol"])
    func wordSetMatchesItsWords(name: String) {
        let words = ["associatedtype", "class", "default", "in", "self", "Type", "Protocol", "protocol"]
        let set: WordSet = ["associatedtype", "class", "default", "in", "self", "Type", "Protocol", "protocol"]
        #expect(set.contains(name) == words.contains(name))
    }

    @Test func wordSetWithLongOrNonASCIIWordsStillAnswers() {
        let long = String(repeating: "x", count: 70)
        let set: WordSet = [long, "ünï", "a"]
        #expect(set.contains(long))
        #expect(set.contains("ünï"))
        #expect(set.contains("a"))
        #expect(!set.contains("b"))
        #expect(!set.contains(long + "x"))
    }

    @Test func swiftKeywordsAreEscapedAndOthersAreNot() {
        for keyword in ["class", "func", "Self", "Type", "package", "consuming"] { #expect(Naming.escaped(keyword) == "`\(keyword)`") }
        for name in ["klass", "funcs", "self_", "Types", "pkg", ""] { #expect(Naming.escaped(name) == name) }
    }

    @Test(arguments: ScalarType.allCases)
    func scalarTypesAreFoundByTheirSpelling(type: ScalarType) {
        #expect(ScalarType(rawValue: type.rawValue) == type)
        #expect(ScalarType(rawValue: type.rawValue.lowercased()) == nil)
        #expect(ScalarType(rawValue: type.rawValue + "X") == nil)
    }

    @Test(arguments: MethodKeyword.allCases)
    func methodsAreFoundByTheirSpelling(method: MethodKeyword) {
        #expect(MethodKeyword(rawValue: method.rawValue) == method)
        #expect(MethodKeyword(rawValue: method.typePrefix) == nil)
        #expect(method.typePrefix == method.rawValue.prefix(1) + method.rawValue.dropFirst().lowercased())
        #expect(method.memberName == method.rawValue.lowercased())
    }

    @Test(arguments: FieldSyntax.Modifier.allCases)
    func modifiersAreFoundByTheirSpelling(modifier: FieldSyntax.Modifier) {
        #expect(FieldSyntax.Modifier(rawValue: modifier.rawValue) == modifier)
    }

    @Test(arguments: ["", "INT", "INT6", "INT644", "STRIN", "GETS", "é", "  ", "\u{0}"])
    func otherTextIsNoKeyword(text: String) {
        #expect(ScalarType(rawValue: text) == ScalarType.allCases.first { $0.rawValue == text })
        #expect(MethodKeyword(rawValue: text) == MethodKeyword.allCases.first { $0.rawValue == text })
        #expect(FieldSyntax.Modifier(rawValue: text) == FieldSyntax.Modifier.allCases.first { $0.rawValue == text })
    }
}
