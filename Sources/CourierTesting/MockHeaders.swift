import Courier

/// Header fields of a mock response or a recorded request: Courier's own ordered, case-insensitive
/// `HTTPHeaders`, so what a test sets and reads is the same type the client uses.
///
/// ```swift
/// var headers: MockHeaders = ["Content-Type": "text/plain"]
/// headers.add(name: "Set-Cookie", value: "a=1")
/// headers["content-type"]   // "text/plain"
/// ```
public typealias MockHeaders = HTTPHeaders
