/// Checks parsed files and builds the `ValidatedModel`: name resolution, duplicates, request/response
/// pairing, `$param` binding, placement and type rules, and recursive structs (marked for indirect storage).
///
/// All files of one run share one namespace, so a `STRUCT` in one file can be used in another.
public struct SemanticAnalyzer {
    /// Settings that depend on the runtime being generated for.
    public struct Options: Sendable {
        /// Whether `ANY` is allowed (it maps to Courier's `JSONValue`). Off until the runtime provides `JSONValue`.
        public var supportsAnyType: Bool

        /// Creates options.
        public init(supportsAnyType: Bool = false) {
            self.supportsAnyType = supportsAnyType
        }
    }

    /// A declared type name.
    private struct Symbol {
        enum Kind { case structure, enumeration(ScalarType), external }
        let kind: Kind
        let fileIndex: Int
        let range: SourceRange
    }

    /// Swift and Courier names a generated type must not shadow.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Bool",
        "Double", "Float", "Character", "Data", "Date", "URL", "UUID", "Array", "Dictionary", "Set", "Optional",
        "Result", "Error", "Never", "Void", "Codable", "Encodable", "Decodable", "Sendable", "Equatable", "Hashable",
        "Encoder", "Decoder", "CodingKey", "CodingKeys", "Foundation", "Courier", "Swift", "JSONValue", "Endpoint",
        "APIDefinition", "HTTPMethod", "EndpointPath", "RequestBody", "HTTPHeaders", "MultipartFormData",
        "EmptyResponse", "TimeInterval", "RetryPolicy", "HTTPIDLIndirect", "Query", "Body",
    ]

    /// Members of Courier's `Endpoint`/`APIDefinition`; a request field with one of these names gets a `Value` suffix.
    static let reservedRequestMembers: Set<String> = [
        "method", "path", "query", "body", "parameters", "headers", "timeout", "acceptableStatusCodes",
        "retryPolicy", "queryEncoder", "responseDecoder", "bodyEncoder", "contentType", "multipartBoundary",
    ]

    private let files: [FileSyntax]
    private let options: Options
    private var symbols: [String: Symbol] = [:]
    private var enums: [String: ModelEnum] = [:]
    private var generatedNames: [String: (fileIndex: Int, range: SourceRange)] = [:]
    private var diagnostics: [Diagnostic] = []
    private var fileIndex = 0

    /// Analyzes `files` together; returns the model and the diagnostics (sorted by file order and position).
    public static func analyze(_ files: [FileSyntax], options: Options = Options()) -> (ValidatedModel, [Diagnostic]) {
        var analyzer = SemanticAnalyzer(files: files, options: options)
        let model = analyzer.run()
        return (model, analyzer.diagnostics)
    }

    private init(files: [FileSyntax], options: Options) {
        self.files = files
        self.options = options
    }

    private var source: SourceFile { files[fileIndex].source }

    private mutating func report(_ severity: Diagnostic.Severity, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(severity, message, at: range, in: source, notes: notes))
    }

    private func describe(_ fileIndex: Int, _ range: SourceRange) -> String {
        let location = files[fileIndex].source.location(of: range.start)
        return fileIndex == self.fileIndex ? "at \(location)" : "in \(files[fileIndex].source.name):\(location)"
    }

    // MARK: - Driver

    private mutating func run() -> ValidatedModel {
        for index in files.indices {
            fileIndex = index
            collectSymbols(files[index])
        }
        for index in files.indices {
            fileIndex = index
            for declaration in files[index].declarations {
                if case .enumeration(let syntax) = declaration { analyzeEnum(syntax) }
            }
        }
        var indirect: Set<FieldKey> = []
        indirect = recursiveFields()
        var result: [ValidatedFile] = []
        for index in files.indices {
            fileIndex = index
            var declarations: [ModelDeclaration] = []
            for declaration in files[index].declarations {
                switch declaration {
                case .structure(let syntax):
                    if let model = analyzeStruct(syntax, indirect: indirect) { declarations.append(.structure(model)) }
                case .enumeration(let syntax):
                    if let model = enums[syntax.name.text], symbols[syntax.name.text]?.fileIndex == index,
                       symbols[syntax.name.text]?.range == syntax.name.range {
                        declarations.append(.enumeration(model))
                    }
                case .message(let syntax):
                    if let model = analyzeMessage(syntax) { declarations.append(.message(model)) }
                case .external:
                    break
                }
            }
            if files[index].isBlank {
                diagnostics.append(Diagnostic(.warning, "file declares nothing (no MESSAGE, STRUCT, ENUM or EXTERN)",
                                              at: SourceRange(start: 0, end: 0), in: source))
            }
            result.append(ValidatedFile(sourceName: files[index].source.name, declarations: declarations))
        }
        return ValidatedModel(files: result)
    }

    // MARK: - Symbols

    private mutating func collectSymbols(_ file: FileSyntax) {
        for declaration in file.declarations {
            let name: Identifier
            let kind: Symbol.Kind
            switch declaration {
            case .structure(let syntax):
                name = syntax.name
                kind = .structure
            case .enumeration(let syntax):
                name = syntax.name
                kind = .enumeration(enumRawType(syntax.rawType) ?? .string)
            case .external(let syntax):
                name = syntax.name
                kind = .external
            case .message:
                continue
            }
            guard checkTypeName(name) else { continue }
            if let previous = symbols[name.text] {
                report(.error, "duplicate declaration of '\(name.text)'; first declared \(describe(previous.fileIndex, previous.range))",
                       at: name.range, notes: previous.fileIndex == fileIndex ? [.init(range: previous.range, message: "'\(name.text)' first declared here")] : [])
                continue
            }
            symbols[name.text] = Symbol(kind: kind, fileIndex: fileIndex, range: name.range)
            generatedNames[name.text] = (fileIndex, name.range)
        }
    }

    /// Rejects names that would shadow built-in, Swift or Courier types.
    private mutating func checkTypeName(_ name: Identifier) -> Bool {
        if ScalarType(rawValue: name.text) != nil || ["ARRAY", "DICT"].contains(name.text) {
            report(.error, "'\(name.text)' is a built-in type and cannot be declared", at: name.range)
            return false
        }
        if Self.reservedTypeNames.contains(name.text) || Naming.swiftKeywords.contains(name.text) {
            report(.error, "'\(name.text)' would shadow a Swift or Courier type used by the generated code; choose another name", at: name.range)
            return false
        }
        return true
    }

    private func enumRawType(_ type: TypeSyntax) -> ScalarType? {
        guard case .named(let name) = type.kind, let scalar = ScalarType(rawValue: name),
              scalar == .string || scalar.isInteger else { return nil }
        return scalar
    }

    /// Registers a generated type name; reports a collision.
    private mutating func registerGeneratedName(_ name: String, at range: SourceRange, what: @autoclosure () -> String) -> Bool {
        if let previous = generatedNames[name] {
            report(.error, "\(what()) generates the type '\(name)', which already exists (\(describe(previous.fileIndex, previous.range)))",
                   at: range, notes: previous.fileIndex == fileIndex ? [.init(range: previous.range, message: "'\(name)' comes from here")] : [])
            return false
        }
        generatedNames[name] = (fileIndex, range)
        return true
    }

    // MARK: - Types

    private mutating func resolve(_ type: TypeSyntax) -> ModelType? {
        switch type.kind {
        case .invalid:
            return nil
        case .array(let element):
            return resolve(element).map { .array($0) }
        case .dictionary(let keySyntax, let valueSyntax):
            let key = resolve(keySyntax)
            let value = resolve(valueSyntax)
            guard let key, let value else { return nil }
            guard case .scalar(let scalar) = key, scalar == .string || scalar.isInteger else {
                report(.error, "DICT keys must be STRING or an integer type, not '\(keySyntax.canonical)'", at: keySyntax.range)
                return nil
            }
            return .dictionary(key: key, value: value)
        case .named(let name):
            if let scalar = ScalarType(rawValue: name) {
                if scalar == .any, !options.supportsAnyType {
                    report(.error, "ANY needs the runtime's JSONValue type, which this Courier version does not provide", at: type.range)
                    return nil
                }
                return .scalar(scalar)
            }
            if let symbol = symbols[name] {
                switch symbol.kind {
                case .structure: return .structure(name)
                case .enumeration(let raw): return .enumeration(name, raw: raw)
                case .external: return .external(name)
                }
            }
            return unknownType(name, at: type.range)
        }
    }

    private mutating func unknownType(_ name: String, at range: SourceRange) -> ModelType? {
        let candidates = Array(symbols.keys) + ScalarType.allCases.map(\.rawValue) + ["ARRAY", "DICT"]
        let suggestion = candidates
            .map { ($0, Naming.editDistance($0, name)) }
            .filter { $0.1 <= max(1, min(2, name.count / 3)) || $0.0.lowercased() == name.lowercased() }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
        if let suggestion {
            report(.error, "unknown type '\(name)'; did you mean '\(suggestion)'?", at: range)
            return nil
        }
        if Self.reservedTypeNames.contains(name) || Naming.swiftKeywords.contains(name) {
            report(.error, "unknown type '\(name)'; use the IDL's built-in types (STRING, INT32, …)", at: range)
            return nil
        }
        report(.warning, "unknown type '\(name)'; declare it with 'EXTERN \(name);' if it is a Swift type you provide", at: range)
        return .external(name)
    }

    /// Where a value is sent, for the placement type rules.
    private enum Usage {
        case json, query, form, header, path, multipart

        var label: String {
            switch self {
            case .json: "a JSON body"
            case .query: "a query string"
            case .form: "a FORM body"
            case .header: "a header"
            case .path: "a path parameter"
            case .multipart: "a MULTIPART part"
            }
        }
    }

    private mutating func check(_ type: ModelType, usage: Usage, at range: SourceRange) -> Bool {
        switch usage {
        case .json:
            if type.containsFile {
                report(.error, "FILE (a file on disk) cannot be sent in \(usage.label); use it in a MULTIPART or BINARY request or as a whole response body '{ FILE; }'", at: range)
                return false
            }
        case .query, .form:
            if type.containsFile || type.containsBlob {
                report(.error, "FILE and BLOB cannot be sent in \(usage.label); use a MULTIPART or BINARY request", at: range)
                return false
            }
        case .header, .path:
            if usage == .header, type == .scalar(.date) {
                report(.error, "a DATE header would need the HTTP-date format; declare the header as STRING", at: range)
                return false
            }
            if !type.isStringConvertible {
                report(.error, "\(usage.label) must be a scalar or ENUM type (not ARRAY, DICT, STRUCT, FILE, BLOB or ANY)", at: range)
                return false
            }
        case .multipart:
            let element: ModelType
            if case .array(let inner) = type { element = inner } else { element = type }
            let ok: Bool
            switch element {
            case .scalar(let scalar): ok = scalar != .any
            case .enumeration: ok = true
            default: ok = false
            }
            if !ok {
                report(.error, "a MULTIPART part must be a scalar, ENUM, FILE or BLOB (or an ARRAY of them)", at: range)
                return false
            }
        }
        return true
    }

    private mutating func checkDefault(_ literal: LiteralSyntax, type: ModelType) -> ModelDefault? {
        let mismatch = "DEFAULT value does not match the field's type"
        switch type {
        case .scalar(let scalar):
            switch (scalar, literal.value) {
            case (.string, .string(let text)): return .string(text)
            case (.bool, .bool(let value)): return .bool(value)
            case (.double, .integer(let text)), (.float, .integer(let text)), (.double, .float(let text)), (.float, .float(let text)):
                return .float(text)
            case (_, .integer(let text)) where scalar.isInteger:
                if scalar.fits(integer: text) { return .integer(text) }
                report(.error, "DEFAULT value \(text) does not fit in \(scalar.rawValue)", at: literal.range)
                return nil
            case (.string, _), (.bool, _), (.double, _), (.float, _), (.int32, _), (.uint32, _), (.int64, _), (.uint64, _), (.int, _):
                report(.error, "\(mismatch) '\(scalar.rawValue)'", at: literal.range)
                return nil
            default:
                report(.error, "DEFAULT is supported for STRING, BOOL, numeric and ENUM fields, not '\(scalar.rawValue)'", at: literal.range)
                return nil
            }
        case .enumeration(let name, _):
            guard let model = enums[name] else { return nil }
            let literalText: String
            switch literal.value {
            case .string(let text): literalText = Naming.stringLiteral(text)
            case .integer(let text): literalText = text
            default: literalText = ""
            }
            if let match = model.cases.first(where: { $0.rawLiteral == literalText }) {
                return .enumCase(match.swiftName)
            }
            report(.error, "DEFAULT value is not a raw value of ENUM '\(name)'", at: literal.range)
            return nil
        default:
            report(.error, "DEFAULT is supported for STRING, BOOL, numeric and ENUM fields", at: literal.range)
            return nil
        }
    }

    // MARK: - Enums

    private mutating func analyzeEnum(_ syntax: EnumSyntax) {
        guard let symbol = symbols[syntax.name.text], symbol.fileIndex == fileIndex, symbol.range == syntax.name.range else { return }
        guard let raw = enumRawType(syntax.rawType) else {
            report(.error, "an ENUM's raw type must be STRING or an integer type, not '\(syntax.rawType.canonical)'", at: syntax.rawType.range)
            return
        }
        var cases: [ModelEnum.Case] = []
        var names: [String: SourceRange] = [:]
        var values: [String: SourceRange] = [:]
        for item in syntax.cases {
            let swiftName = Naming.lowerCamel(item.name.text)
            guard !swiftName.isEmpty else {
                report(.error, "enum case '\(item.name.text)' has no letters or digits to name a Swift case", at: item.name.range)
                continue
            }
            if let previous = names[swiftName] {
                report(.error, "duplicate enum case '\(item.name.text)'", at: item.name.range,
                       notes: [.init(range: previous, message: "first declared here")])
                continue
            }
            let rawLiteral: String
            switch (raw, item.value.value) {
            case (.string, .string(let text)):
                rawLiteral = Naming.stringLiteral(text)
            case (_, .integer(let text)) where raw.isInteger:
                guard raw.fits(integer: text) else {
                    report(.error, "raw value \(text) does not fit in \(raw.rawValue)", at: item.value.range)
                    continue
                }
                rawLiteral = text
            default:
                report(.error, "raw value of case '\(item.name.text)' must be \(raw == .string ? "a string" : "an integer") to match '\(raw.rawValue)'", at: item.value.range)
                continue
            }
            let valueKey = raw.isInteger ? (Int64(rawLiteral).map(String.init) ?? UInt64(rawLiteral).map(String.init) ?? rawLiteral) : rawLiteral
            if let previous = values[valueKey] {
                report(.error, "duplicate raw value in ENUM '\(syntax.name.text)'", at: item.value.range,
                       notes: [.init(range: previous, message: "first used here")])
                continue
            }
            values[valueKey] = item.value.range
            names[swiftName] = item.name.range
            cases.append(.init(swiftName: swiftName, rawLiteral: rawLiteral, doc: item.doc))
        }
        let fallback = ["unknown", "unrecognized", "unknownValue"].first { names[$0] == nil } ?? "httpidlUnknown"
        enums[syntax.name.text] = ModelEnum(name: syntax.name.text, doc: syntax.doc, rawType: raw, cases: cases, fallbackName: fallback)
    }

    // MARK: - Structs and fields

    /// A struct field, for recursion analysis.
    struct FieldKey: Hashable {
        let structName: String
        let fieldName: String
    }

    /// Fields whose (non-collection) struct type leads back to the containing struct: these need heap storage.
    private func recursiveFields() -> Set<FieldKey> {
        var edges: [String: [(field: String, target: String)]] = [:]
        var declared: [String] = []
        for file in files {
            for declaration in file.declarations {
                guard case .structure(let syntax) = declaration, symbols[syntax.name.text]?.range == syntax.name.range else { continue }
                declared.append(syntax.name.text)
                for field in syntax.body.fields {
                    if case .named(let target) = field.type.kind, case .structure? = symbols[target]?.kind {
                        edges[syntax.name.text, default: []].append((field.name.text, target))
                    }
                }
            }
        }
        let components = StronglyConnectedComponents.compute(nodes: declared, edges: edges.mapValues { $0.map(\.target) })
        var result: Set<FieldKey> = []
        for (source, targets) in edges {
            for (field, target) in targets where components[source] == components[target] {
                result.insert(FieldKey(structName: source, fieldName: field))
            }
        }
        return result
    }

    private mutating func analyzeStruct(_ syntax: StructSyntax, indirect: Set<FieldKey>) -> ModelStruct? {
        guard symbols[syntax.name.text]?.range == syntax.name.range, symbols[syntax.name.text]?.fileIndex == fileIndex else { return nil }
        if case .single(let type, _) = syntax.body.content {
            report(.error, "a STRUCT needs named fields ('TYPE name;'); '{ TYPE; }' is only for message bodies", at: type.range)
            return nil
        }
        let fields = analyzeModelFields(syntax.body.fields) { indirect.contains(FieldKey(structName: syntax.name.text, fieldName: $0)) }
        return ModelStruct(name: syntax.name.text, doc: syntax.doc, fields: fields)
    }

    /// Fields of a struct, response or error body (JSON).
    private mutating func analyzeModelFields(_ syntax: [FieldSyntax], isIndirect: (String) -> Bool = { _ in false }) -> [ModelField] {
        var fields: [ModelField] = []
        var seen = Seen()
        for field in syntax {
            for (modifier, range) in field.modifiers where modifier != .required {
                report(.error, "'\(modifier.rawValue)' places request fields; it has no meaning here", at: range)
            }
            guard let type = resolve(field.type) else { continue }
            guard check(type, usage: .json, at: field.type.range) else { continue }
            guard let model = makeField(field, type: type, placement: .body, swiftName: nil, isIndirect: isIndirect(field.name.text), seen: &seen) else { continue }
            fields.append(model)
        }
        return fields
    }

    /// Names and keys already used in one body.
    private struct Seen {
        var names: [String: SourceRange] = [:]
        var keys: [WireKeyID: SourceRange] = [:]
    }

    /// A wire key within its placement (a query item and a header may share a name).
    private struct WireKeyID: Hashable {
        let placement: ModelField.Placement
        let key: String
    }

    private mutating func makeField(_ field: FieldSyntax, type: ModelType, placement: ModelField.Placement, swiftName forced: String?,
                                    isIndirect: Bool, seen: inout Seen, isRequest: Bool = false) -> ModelField? {
        var swiftName = forced ?? Naming.lowerCamel(field.name.text)
        guard !swiftName.isEmpty else {
            report(.error, "field name '\(field.name.text)' has no letters or digits to name a Swift property", at: field.name.range)
            return nil
        }
        if forced == nil, isRequest, Self.reservedRequestMembers.contains(swiftName) {
            swiftName += "Value"
        }
        if let previous = seen.names[swiftName] {
            report(.error, "duplicate field '\(field.name.text)'", at: field.name.range, notes: [.init(range: previous, message: "first declared here")])
            return nil
        }
        let key = field.key?.text ?? field.name.text
        if key.isEmpty {
            report(.error, "a wire key cannot be empty", at: field.key?.range ?? field.name.range)
            return nil
        }
        if placement != .path, let previous = seen.keys[WireKeyID(placement: placement, key: key)] {
            report(.error, "duplicate wire key '\(key)'", at: field.key?.range ?? field.name.range, notes: [.init(range: previous, message: "first used here")])
            return nil
        }
        var defaultValue: ModelDefault?
        if let literal = field.defaultValue {
            guard let checked = checkDefault(literal, type: type) else { return nil }
            defaultValue = checked
        }
        seen.names[swiftName] = field.name.range
        seen.keys[WireKeyID(placement: placement, key: key)] = field.key?.range ?? field.name.range
        let optional = placement != .path && !field.has(.required) && defaultValue == nil
        return ModelField(idlName: field.name.text, swiftName: swiftName, wireKey: key, type: type, isOptional: optional,
                          defaultValue: defaultValue, doc: field.doc, placement: placement, isIndirect: isIndirect)
    }

    // MARK: - Messages

    private mutating func analyzeMessage(_ syntax: MessageSyntax) -> ModelMessage? {
        if syntax.isIncomplete { return nil }
        let stem: String
        if let name = syntax.name {
            stem = name.text.prefix(1).uppercased() + name.text.dropFirst()
        } else {
            var derived = ""
            for segment in syntax.uri.segments {
                for piece in segment.pieces {
                    switch piece {
                    case .text(let text, _): derived += Naming.upperCamel(text)
                    case .parameter(let name, _): derived += Naming.upperCamel(name.text)
                    }
                }
            }
            if syntax.uri.segments.allSatisfy(\.pieces.isEmpty) { derived = "Root" }
            guard !derived.isEmpty else {
                report(.error, "cannot derive a type name from the URI '\(syntax.uri.canonical)'; name the message with 'MESSAGE(Name)'", at: syntax.uri.range)
                return nil
            }
            stem = derived
        }
        if syntax.uri.segments.isEmpty { return nil }  // the parser reported the missing URI
        guard checkURIText(syntax.uri) else { return nil }

        // Path parameters.
        var parameterRanges: [String: SourceRange] = [:]
        for parameter in syntax.uri.parameters {
            if let previous = parameterRanges[parameter.text] {
                report(.error, "duplicate path parameter '$\(parameter.text)'", at: parameter.range,
                       notes: [.init(range: previous, message: "first used here")])
                return nil
            }
            parameterRanges[parameter.text] = parameter.range
        }

        // Pair parts by method.
        var order: [MethodKeyword] = []
        var requests = PartTable()
        var responses = PartTable()
        var errors = PartTable()
        var valid = true
        for part in syntax.parts {
            if !order.contains(part.method) { order.append(part.method) }
            switch part.role {
            case .request: valid = store(part, in: &requests) && valid
            case .response: valid = store(part, in: &responses) && valid
            case .error: valid = store(part, in: &errors) && valid
            }
        }
        for method in order {
            if let request = requests[method], responses[method] == nil {
                report(.error, "\(method.rawValue) REQUEST has no matching \(method.rawValue) RESPONSE", at: request.methodRange)
                valid = false
            }
            if requests[method] == nil {
                let orphan = responses[method] ?? errors[method]
                if let orphan {
                    report(.error, "\(method.rawValue) \(orphan.role.rawValue) has no matching \(method.rawValue) REQUEST", at: orphan.methodRange)
                    valid = false
                }
            }
        }
        if syntax.parts.isEmpty {
            report(.warning, "MESSAGE \(syntax.uri.canonical) declares no REQUEST; nothing is generated", at: syntax.uri.range)
        }
        var endpoints: [ModelEndpoint] = []
        for method in order {
            guard let request = requests[method], let response = responses[method] else { continue }
            let names = (request: "\(method.typePrefix)\(stem)Request", response: "\(method.typePrefix)\(stem)Response",
                         error: "\(method.typePrefix)\(stem)ErrorBody")
            let what = { "MESSAGE \(syntax.uri.canonical) (\(method.rawValue))" }
            var namesOK = registerGeneratedName(names.request, at: request.methodRange, what: what())
            namesOK = registerGeneratedName(names.response, at: response.methodRange, what: what()) && namesOK
            if let error = errors[method] {
                namesOK = registerGeneratedName(names.error, at: error.methodRange, what: what()) && namesOK
            }
            guard namesOK, valid else { continue }
            if let endpoint = analyzeEndpoint(method: method, uri: syntax.uri, request: request, response: response,
                                              error: errors[method], names: names) {
                endpoints.append(endpoint)
            }
        }
        guard valid else { return nil }
        return ModelMessage(uri: syntax.uri.canonical, doc: syntax.doc, endpoints: endpoints)
    }

    /// The parts of one message by method (a handful of entries: a linear scan beats hashing).
    private struct PartTable {
        private var entries: [(MethodKeyword, MessagePartSyntax)] = []

        subscript(method: MethodKeyword) -> MessagePartSyntax? {
            get { entries.first { $0.0 == method }?.1 }
            set {
                entries.removeAll { $0.0 == method }
                if let newValue { entries.append((method, newValue)) }
            }
        }
    }

    /// Route text must be a valid path: no `?` or `#` (Courier rejects them), and every `%` starts a `%XX` escape.
    private mutating func checkURIText(_ uri: URISyntax) -> Bool {
        for segment in uri.segments {
            for piece in segment.pieces {
                guard case .text(let text, let range) = piece else { continue }
                let scalars = Array(text.unicodeScalars)
                for (index, scalar) in scalars.enumerated() {
                    let at = SourceRange(start: range.start + index, end: range.start + index + 1)
                    if scalar == "?" || scalar == "#" {
                        report(.error, "a URI is a path only; '\(scalar)' is not allowed (declare query parameters as QUERY fields)", at: at)
                        return false
                    }
                    if scalar == "%" {
                        let digits = scalars.dropFirst(index + 1).prefix(2)
                        if digits.count < 2 || !digits.allSatisfy({ $0.properties.isASCIIHexDigit }) {
                            report(.error, "malformed percent escape in the URI; '%' must be followed by two hex digits", at: at)
                            return false
                        }
                    }
                }
            }
        }
        return true
    }

    private mutating func store(_ part: MessagePartSyntax, in table: inout PartTable) -> Bool {
        if let previous = table[part.method] {
            report(.error, "duplicate \(part.method.rawValue) \(part.role.rawValue) in this MESSAGE", at: part.methodRange,
                   notes: [.init(range: previous.methodRange, message: "first declared here")])
            return false
        }
        table[part.method] = part
        return true
    }

    private mutating func analyzePayload(_ part: MessagePartSyntax) -> ModelPayload? {
        switch part.body.content {
        case .single(let typeSyntax, _):
            guard let type = resolve(typeSyntax) else { return nil }
            return .single(type)
        case .fields(let fields):
            if fields.isEmpty { return .empty }
            let errorsBefore = diagnostics.count(where: { $0.severity == .error })
            let models = analyzeModelFields(fields)
            return diagnostics.count(where: { $0.severity == .error }) == errorsBefore ? .fields(models) : nil
        }
    }

    private mutating func analyzeEndpoint(method: MethodKeyword, uri: URISyntax, request: MessagePartSyntax,
                                          response: MessagePartSyntax, error: MessagePartSyntax?,
                                          names: (request: String, response: String, error: String)) -> ModelEndpoint? {
        let errorsBefore = diagnostics.count(where: { $0.severity == .error })
        let responsePayload = analyzePayload(response)
        let errorPayload = error.flatMap { analyzePayload($0) }

        var fields: [ModelField] = []
        var seen = Seen()
        var bodyEncoding = request.encoding
        var singleBody: ModelType?
        let parameters = uri.parameters
        var boundParameters: [String: ModelField] = [:]

        switch request.body.content {
        case .single(let typeSyntax, _):
            guard let type = resolve(typeSyntax) else { break }
            if bodyEncoding == nil {
                if method.sendsFieldsInQuery {
                    report(.error, "a single-value body '{ TYPE; }' needs a request body; \(method.rawValue) sends its fields in the query (write '\(method.rawValue) REQUEST JSON' or 'BINARY' to send a body)", at: typeSyntax.range)
                    break
                }
                bodyEncoding = (type == .scalar(.file) || type == .scalar(.blob)) ? .binary : .json
            }
            switch bodyEncoding {
            case .binary?:
                guard type == .scalar(.file) || type == .scalar(.blob) else {
                    report(.error, "a BINARY body is a single FILE or BLOB: '{ FILE; }'", at: typeSyntax.range)
                    break
                }
            case .multipart?:
                report(.error, "a MULTIPART body needs named fields (one per part)", at: typeSyntax.range)
            case .form?:
                switch type {
                case .structure, .dictionary, .external: break
                default: report(.error, "a single-value FORM body must be a STRUCT or DICT", at: typeSyntax.range)
                }
            default:
                _ = check(type, usage: .json, at: typeSyntax.range)
            }
            singleBody = type
        case .fields(let syntaxFields):
            if bodyEncoding == .binary {
                report(.error, "a BINARY body is a single FILE or BLOB: '{ FILE; }'", at: request.encodingRange ?? request.methodRange)
                break
            }
            // Resolve types first: FILE/BLOB fields make an unmarked POST a MULTIPART request.
            var resolved: [(FieldSyntax, ModelType)] = []
            for field in syntaxFields {
                if let type = resolve(field.type) { resolved.append((field, type)) }
            }
            if bodyEncoding == nil, resolved.contains(where: { isBodyPlacement($0.0, method: method, parameters: parameters) && ($0.1.containsFile || $0.1.containsBlob) }) {
                bodyEncoding = .multipart
            }
            for (field, type) in resolved {
                let placements = field.modifiers.filter { $0.0 != .required }
                if placements.count > 1 {
                    report(.error, "a field has one placement; remove '\(placements[1].0.rawValue)'", at: placements[1].1)
                    continue
                }
                var placement: ModelField.Placement
                switch placements.first?.0 {
                case .query?: placement = .query
                case .header?: placement = .header
                case .path?: placement = .path
                case .body?: placement = .body
                default:
                    if parameters.contains(where: { $0.text == field.name.text }) {
                        placement = .path
                    } else {
                        placement = bodyEncoding != nil || !method.sendsFieldsInQuery ? .body : .query
                    }
                }
                if placement == .path, !parameters.contains(where: { $0.text == field.name.text }) {
                    report(.error, "PATH field '\(field.name.text)' has no '$\(field.name.text)' in the URI", at: field.name.range)
                    continue
                }
                if placement != .path, parameters.contains(where: { $0.text == field.name.text }) {
                    report(.error, "field '\(field.name.text)' has the name of the path parameter '$\(field.name.text)'; remove its placement to give the parameter a type", at: field.name.range)
                    continue
                }
                if placement == .body, bodyEncoding == nil { bodyEncoding = .json }
                let usage: Usage
                switch placement {
                case .path: usage = .path
                case .header: usage = .header
                case .query: usage = .query
                case .body:
                    switch bodyEncoding {
                    case .form?: usage = .form
                    case .multipart?: usage = .multipart
                    default: usage = .json
                    }
                }
                guard check(type, usage: usage, at: field.type.range) else { continue }
                if placement == .path, field.defaultValue != nil {
                    report(.error, "a path parameter cannot have a DEFAULT", at: field.defaultValue?.range ?? field.name.range)
                    continue
                }
                let swiftName = placement == .path ? Naming.lowerCamel(field.name.text) : nil
                guard let model = makeField(field, type: type, placement: placement, swiftName: swiftName.map(reservedSafe),
                                            isIndirect: false, seen: &seen, isRequest: true) else { continue }
                if placement == .path { boundParameters[field.name.text] = model }
                fields.append(model)
            }
        }
        // Path parameters without a typed field are required strings.
        var pathFields: [ModelField] = []
        for parameter in parameters {
            if let bound = boundParameters[parameter.text] {
                pathFields.append(bound)
                continue
            }
            let swiftName = reservedSafe(Naming.lowerCamel(parameter.text))
            guard !swiftName.isEmpty else {
                report(.error, "path parameter '$\(parameter.text)' has no letters or digits to name a Swift property", at: parameter.range)
                continue
            }
            if let previous = seen.names[swiftName] {
                report(.error, "path parameter '$\(parameter.text)' and a field both become the property '\(swiftName)'", at: parameter.range,
                       notes: [.init(range: previous, message: "field declared here")])
                continue
            }
            seen.names[swiftName] = parameter.range
            pathFields.append(ModelField(idlName: parameter.text, swiftName: swiftName, wireKey: parameter.text, type: .scalar(.string),
                                         isOptional: false, defaultValue: nil, doc: [], placement: .path, isIndirect: false))
        }
        if bodyEncoding != nil, singleBody == nil, !fields.contains(where: { $0.placement == .body }), request.encoding == nil {
            bodyEncoding = nil
        }
        guard diagnostics.count(where: { $0.severity == .error }) == errorsBefore,
              let responsePayload, error == nil || errorPayload != nil else { return nil }

        var path: [ModelPathPiece] = []
        for segment in uri.segments {
            path.append(.literal("/"))
            for piece in segment.pieces {
                switch piece {
                case .text(let text, _):
                    path.append(.literal(text))
                case .parameter(let name, _):
                    if let field = pathFields.first(where: { $0.idlName == name.text }) {
                        path.append(.parameter(swiftName: field.swiftName, type: field.type))
                    }
                }
            }
        }
        let nonPath = fields.filter { $0.placement != .path }
        return ModelEndpoint(method: method, requestDoc: request.doc, responseDoc: response.doc, errorDoc: error?.doc ?? [],
                             requestTypeName: names.request, responseTypeName: names.response,
                             errorTypeName: error == nil ? nil : names.error, path: mergeLiterals(path),
                             requestFields: pathFields + nonPath, bodyEncoding: bodyEncoding, singleBody: singleBody,
                             response: responsePayload, error: errorPayload)
    }

    private func reservedSafe(_ name: String) -> String {
        Self.reservedRequestMembers.contains(name) ? name + "Value" : name
    }

    private func isBodyPlacement(_ field: FieldSyntax, method: MethodKeyword, parameters: [Identifier]) -> Bool {
        if field.has(.body) { return true }
        if field.has(.query) || field.has(.header) || field.has(.path) { return false }
        if parameters.contains(where: { $0.text == field.name.text }) { return false }
        return !method.sendsFieldsInQuery
    }

    private func mergeLiterals(_ pieces: [ModelPathPiece]) -> [ModelPathPiece] {
        var result: [ModelPathPiece] = []
        for piece in pieces {
            if case .literal(let text) = piece, case .literal(let previous)? = result.last {
                result[result.count - 1] = .literal(previous + text)
            } else {
                result.append(piece)
            }
        }
        return result
    }
}
