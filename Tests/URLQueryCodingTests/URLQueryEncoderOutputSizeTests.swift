import Foundation
import Testing
import URLQueryCoding

/// The wire output starts in a 1 KiB buffer and moves to a larger one when it outgrows it: outputs on
/// either side of that size, with the move happening inside a name, a plain run or an escape, must be
/// exactly what the percent-encoding helpers give.
@Suite struct URLQueryEncoderOutputSizeTests {
    struct Pair: Encodable {
        let name: String
        let value: String
    }

    static let lengths = Array(1000...1030) + [2047, 2048, 2049, 5000]

    @Test(arguments: lengths) func outputAroundTheBufferSizeIsExact(_ length: Int) throws {
        for filler in ["x", "é", "a b", "&"] {
            let text = String(String(repeating: filler, count: length).prefix(length))
            let value = Pair(name: "n", value: text)
            let query = try URLQueryEncoder().encodeQueryString(value)
            #expect(query == "name=n&value=" + PercentEncoding.encodeQueryComponent(text))
            let form = try URLQueryEncoder().encodeFormBody(value)
            #expect(String(decoding: form, as: UTF8.self) == "name=n&value=" + PercentEncoding.encodeFormComponent(text))
            let nested = try URLQueryEncoder().encodeQueryString(["k": value])
            #expect(nested == "k%5Bname%5D=n&k%5Bvalue%5D=" + PercentEncoding.encodeQueryComponent(text))
        }
    }
}
