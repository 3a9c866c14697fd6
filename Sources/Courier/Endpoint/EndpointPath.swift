/// The path of an endpoint, relative to the client's base URL: a type rather than a `String`, so the
/// route and the values interpolated into it stay apart and only the values are escaped.
///
/// Literal text is the route; every interpolated value is a path *parameter*, percent-encoded as exactly one
/// segment when the URL is built (`/` → `%2F`, `?` → `%3F`; `.` and `..` are rejected), so no value can
/// change the route.
///
/// ```swift
/// var path: EndpointPath { "/users/\(id)/posts" }   // id = "a/b" → /users/a%2Fb/posts
/// ```
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// One piece of a path: route text or a parameter value.
    package enum Component: Sendable, Hashable {
        /// Route text written in the source (may contain `/` and already percent-encoded escapes).
        case literal(String)
        /// An interpolated value, encoded as a single path segment.
        case parameter(String)
    }

    /// The pieces in order.
    package var components: [Component]

    /// Creates a path from components.
    package init(components: [Component]) { self.components = components }

    /// Creates a path that is all route text, for a route held in a variable (literals need no call). Its `/`
    /// separate segments and its `%` escapes are kept as written, so never build it from user input;
    /// interpolate such values instead, where each is one escaped segment.
    public init(_ literal: String) { self.components = literal.isEmpty ? [] : [.literal(literal)] }

    /// Creates a path from a string literal (all route text), so `var path: EndpointPath { "/users" }`
    /// reads like a string.
    public init(stringLiteral value: String) { self.init(value) }

    /// Creates a path from an interpolated string literal: the interpolations become parameters.
    public init(stringInterpolation: StringInterpolation) { self.components = stringInterpolation.components }

    /// Collects literal text and parameter values, keeping them apart so only the values are escaped. The
    /// compiler uses it for `"/users/\(id)"`; code rarely names it.
    public struct StringInterpolation: StringInterpolationProtocol {
        var components: [Component] = []

        /// Reserves room for the pieces, one literal around each value.
        public init(literalCapacity: Int, interpolationCount: Int) {
            components.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Appends route text, its slashes and `%` escapes kept as written (the route is the developer's, not
        /// the user's); a character a path may not hold, such as a space, is percent-encoded.
        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            components.append(.literal(literal))
        }

        /// Appends a value as one path segment (its `description`), so `"a/b"` becomes `a%2Fb` and cannot
        /// change the route.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            components.append(.parameter(value.description))
        }

        /// Appends a raw value (e.g. a `String`-backed enum case) as one path segment.
        public mutating func appendInterpolation<Value: RawRepresentable>(_ value: Value)
        where Value.RawValue: CustomStringConvertible {
            components.append(.parameter(value.rawValue.description))
        }

        /// Refused at compile time: an optional would be sent as `Optional(7)` or `nil` (every `Optional`
        /// is `CustomStringConvertible`). Unwrap it first: `"/users/\(id ?? 0)"` or `guard let`.
        @available(*, unavailable, message: "unwrap the optional; it would be sent as 'Optional(…)' or 'nil'")
        public mutating func appendInterpolation<Wrapped>(_ value: Wrapped?) {}
    }

    /// The path as written, parameters unencoded in braces — for logs and diagnostics.
    public var description: String {
        components.map {
            switch $0 {
            case .literal(let text): text
            case .parameter(let value): "{\(value)}"
            }
        }.joined()
    }
}
