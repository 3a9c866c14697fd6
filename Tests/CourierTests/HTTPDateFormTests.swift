import Courier
import Foundation
import Testing

/// RFC 9110 §5.6.7: the three date forms a recipient must accept all mean the same instant.
@Suite struct HTTPDateFormTests {
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "Sun Nov 6 08:49:37 1994",
    ])
    func everyFormParsesToTheSameInstant(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test(arguments: ["", "Sun, 06 Nov 1994", "Sun, 32 Nov 1994 08:49:37 GMT", "garbage", "Sun, 06 Nov 1994 25:49:37 GMT"])
    func invalidDatesAreNil(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func formatRoundTrips() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
    }
}
