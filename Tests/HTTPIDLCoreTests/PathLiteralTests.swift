import Testing
@testable import HTTPIDLCore

/// The generated `path` keeps the URI's text exactly: literal text around parameters, escapes, and a
/// combining mark right after a parameter (which once vanished with the literal's opening quote).
@Suite struct PathLiteralTests {
    @Test(arguments: [
        ("/a/b/c", #""/a/b/c""#),
        ("/a/$id", #""/a/\(self.id)""#),
        ("/a/${id}x/$n/y", #""/a/\(self.id)x/\(self.n)/y""#),
        ("/a/${id}${n}", #""/a/\(self.id)\(self.n)""#),
        ("/a/${id}\u{301}x", "\"/a/\\(self.id)\u{301}x\""),
        ("/é/$id", #""/é/\(self.id)""#),
    ] as [(String, String)])
    func pathKeepsTheURIText(uri: String, literal: String) throws {
        let result = TestSupport.compile("MESSAGE(Thing) \(uri) { GET REQUEST {} GET RESPONSE {} }")
        #expect(result.diagnostics.isEmpty, "\(TestSupport.summaries(result))")
        let swift = TestSupport.swift(result)
        #expect(swift.contains("public var path: EndpointPath { \(literal) }"), "\(swift)")
    }
}
