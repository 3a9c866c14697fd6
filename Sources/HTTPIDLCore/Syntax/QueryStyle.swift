/// How a query field that is an array or an object is written, `QUERY(STYLE) TYPE name;` — the
/// `URLQueryEncoder` strategy of its request (OpenAPI's `style`/`explode` map onto these).
package enum QueryStyle: String, Sendable, Hashable, CaseIterable {
    /// Arrays: `tags[0]=a` (the encoder's default), `tags[]=a`, `tags=a&tags=b` (OpenAPI form, explode),
    /// `tags=a,b` (form, no explode), `tags=a|b` (pipeDelimited), `tags=a%20b` (spaceDelimited).
    case indexed = "INDEXED", bracketed = "BRACKETED", repeated = "REPEATED", comma = "COMMA", pipe = "PIPE", space = "SPACE"
    /// Objects: `user[name]=kim` (the default; OpenAPI deepObject), `user.name=kim`, `name=kim` (form, explode).
    case brackets = "BRACKETS", dots = "DOTS", flattened = "FLATTENED"

    /// Whether the style applies to arrays (otherwise to objects).
    package var isArrayStyle: Bool {
        switch self {
        case .brackets, .dots, .flattened: false
        default: true
        }
    }

    /// The `URLQueryEncoder` strategy case (`.repeated`, `.commaSeparated`, `.flattened`, …).
    package var encoderCase: String {
        switch self {
        case .indexed: ".indexed"
        case .bracketed: ".bracketed"
        case .repeated: ".repeated"
        case .comma: ".commaSeparated"
        case .pipe: ".pipeDelimited"
        case .space: ".spaceDelimited"
        case .brackets: ".brackets"
        case .dots: ".dots"
        case .flattened: ".flattened"
        }
    }
}
