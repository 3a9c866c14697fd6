import Testing
@testable import HTTPIDLCore

/// A floating-point DEFAULT that Swift would turn into infinity, zero or another number (with a compiler
/// warning in the generated code) is an error, as an out-of-range integer DEFAULT already was.
@Suite struct DefaultValueRangeTests {
    @Test(arguments: [
        ("DOUBLE", "1e999", "overflows to infinity"), ("DOUBLE", "-1.7976931348623159e308", "overflows to infinity"),
        ("FLOAT", "1e39", "overflows to infinity"), ("FLOAT", "-3.5e38", "overflows to infinity"),
        ("DOUBLE", "1e-400", "underflows"), ("DOUBLE", "1e-310", "underflows"), ("FLOAT", "1e-40", "underflows"),
        ("DOUBLE", "123456789012345678901234567890", "is not exactly representable"),
        ("DOUBLE", "9007199254740993", "is not exactly representable"),
        ("FLOAT", "16777217", "is not exactly representable"),
    ])
    func unrepresentableFloatingPointDefaultsAreErrors(type: String, value: String, problem: String) {
        let summaries = TestSupport.summaries(TestSupport.compile("STRUCT D { \(type) v DEFAULT \(value); }\n"))
        #expect(summaries == ["1:\(23 + type.count): error: DEFAULT value \(value) \(problem) in \(type)"])
    }

    @Test(arguments: [
        ("DOUBLE", "1.7976931348623157e308"), ("DOUBLE", "2.2250738585072014e-308"), ("DOUBLE", "0.1"), ("DOUBLE", "0e-999"),
        ("DOUBLE", "9007199254740992"), ("DOUBLE", "1152921504606846976"), ("DOUBLE", "-0.0"), ("FLOAT", "3.4028235e38"),
        ("FLOAT", "16777216"), ("FLOAT", "0.1"), ("DOUBLE", "000000000000000000001"),
    ])
    func representableFloatingPointDefaultsCompile(type: String, value: String) {
        let result = TestSupport.compile("STRUCT D { \(type) v DEFAULT \(value); }\n")
        #expect(result.diagnostics.isEmpty, "\(TestSupport.summaries(result))")
    }

    @Test func anyNumberDefaultThatOverflowsIsAnError() {
        #expect(TestSupport.summaries(TestSupport.compile("STRUCT D { ANY v DEFAULT 1e999; ANY w DEFAULT 1.5; }\n"))
                == ["1:26: error: DEFAULT value 1e999 overflows to infinity in an ANY number (DOUBLE)"])
    }
}
