import Foundation
import Testing
import CourierTesting

/// Decoding of recorded targets: exact, never lossy.
@Suite struct RecordedRequestTargetTests {
    /// Found in review: Foundation's `removingPercentEncoding` drops a leading U+FEFF, so a query value
    /// `%EF%BB%BFx` was recorded as `x`.
    @Test func byteOrderMarksInTheTargetAreKept() {
        let request = RecordedRequest(method: "GET", target: "/%EF%BB%BFa?%EF%BB%BFk=%EF%BB%BFv")
        #expect(request.path == "/\u{FEFF}a")
        #expect(request.queryItems == [URLQueryItem(name: "\u{FEFF}k", value: "\u{FEFF}v")])
        #expect(request.queryValue("\u{FEFF}k") == "\u{FEFF}v")
    }

    @Test(arguments: [
        ("/p?a=%FF", "%FF"), ("/p?a=%", "%"), ("/p?a=%E2%9C", "%E2%9C"), ("/p?a=%00", "\0"), ("/p?a=%2B+", "++"), ("/p?a=%ZZ%41", "%ZZ%41"),
    ])
    func undecodableEscapesAreLeftAsTheyAre(_ target: String, _ value: String) {
        #expect(RecordedRequest(method: "GET", target: target).queryValue("a") == value)
    }
}
