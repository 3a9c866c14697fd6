import CourierHTTP

/// Why a header list breaks HTTP/2's rules for fields (RFC 9113 §8.2, §8.3): the response is malformed, a
/// stream error of type PROTOCOL_ERROR (§8.1.1), which the user sees as `.transport(.badServerResponse)`.
package struct HTTP2HeaderListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule broken (RFC 9113):
    /// - `invalidName`: a name is empty, or holds an uppercase letter, a colon past the first octet, a space, a
    ///   control character or a non-ASCII octet (§8.2.1);
    /// - `invalidValue`: a value holds NUL, CR or LF, or starts or ends with a space or tab (§8.2.1);
    /// - `connectionSpecificField`: `connection`, `keep-alive`, `proxy-connection`, `transfer-encoding`,
    ///   `upgrade`, or a `te` other than `trailers` (§8.2.2);
    /// - `unexpectedPseudoHeader`: a pseudo-header other than `:status` in a response, or any in trailers (§8.3);
    /// - `pseudoHeaderAfterRegularField` (§8.3);
    /// - `duplicateStatus`, `missingStatus`, `invalidStatus`: `:status` twice, absent, or not three digits
    ///   (§8.3.2, RFC 9110 §15);
    /// - `tooManyFields`: more regular fields than the client accepts (the limit HTTP/1.1 heads have too).
    package enum Rule: Hashable, Sendable {
        case invalidName, invalidValue, connectionSpecificField, tooManyFields
        case unexpectedPseudoHeader, pseudoHeaderAfterRegularField
        case duplicateStatus, missingStatus, invalidStatus
    }

    /// The rule broken, and a readable message naming the field, e.g. `"the response has the
    /// connection-specific field 'keep-alive'"`.
    package let rule: Rule, message: String

    init(_ rule: Rule, _ message: String) { (self.rule, self.message) = (rule, message) }

    /// The error as users see it: a malformed response.
    package var networkError: NetworkError {
        .transport(TransportFailure(kind: .badServerResponse, message: "HTTP/2: \(message)"))
    }

    /// `rule: message`.
    package var description: String { "\(rule): \(message)" }
}
