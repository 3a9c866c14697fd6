import Courier
import Foundation
import Testing

/// Names added to a `Redaction` after it is created must be matched case-insensitively too.
@Suite struct RedactionNameTests {
    @Test(arguments: ["X-Api-Key", "x-api-key", "X-API-KEY"])
    func headerNamesInsertedInAnyCaseAreRedacted(configured: String) {
        var redaction = Redaction()
        redaction.headerNames.insert(configured)
        #expect(redaction.redactsHeader("x-Api-key"))
        let redacted = redaction.redact(HTTPHeaders([HTTPHeaders.Field(name: "X-Api-Key", value: "secret")]))
        #expect(redacted["X-Api-Key"] == "<redacted>")
    }

    @Test(arguments: ["Access_Token", "access_token"])
    func queryNamesInsertedInAnyCaseAreRedacted(configured: String) throws {
        var redaction = Redaction()
        redaction.queryNames.insert(configured)
        let url = try #require(URL(string: "https://api.test/x?ACCESS_TOKEN=secret&page=2"))
        let text = redaction.redact(url)
        #expect(!text.contains("secret"))
        #expect(text.contains("page=2"))
    }

    @Test func replacingTheWholeSetIsNormalisedToo() {
        var redaction = Redaction()
        redaction.headerNames = ["Authorization", "X-Secret"]
        #expect(redaction.redactsHeader("x-secret"))
        #expect(redaction.redactsHeader("AUTHORIZATION"))
    }
}
