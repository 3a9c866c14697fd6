/// Checks parsed files and builds the `ValidatedModel`: name resolution, duplicates, request/response
/// pairing, `$param` binding, placement and type rules, and recursive structs (marked for indirect storage).
///
/// All files of one run share one namespace, so a `STRUCT` in one file can be used in another.
///
/// ``HTTPIDLCompiler`` runs it; its public part is ``Options``, passed in ``HTTPIDLCompiler/Options/analyzer``.
public struct SemanticAnalyzer: Sendable {
    /// Settings that depend on the runtime being generated for, so one compiler can target older Courier
    /// versions.
    public struct Options: Sendable {
        /// Whether `ANY` is allowed (it maps to Courier's `JSONValue`). On by default; turn it off to generate
        /// for a Courier version older than `JSONValue`, and `ANY` is diagnosed instead.
        public var supportsAnyType: Bool

        /// Creates options; by default every construct of the language is allowed.
        public init(supportsAnyType: Bool = true) {
            self.supportsAnyType = supportsAnyType
        }
    }

    /// A declared type name.
    struct Symbol {
        enum Kind { case structure, enumeration(ScalarType), external, union }
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
        "APIDefinition", "EventStreamDefinition", "HTTPMethod", "EndpointPath", "RequestBody", "HTTPHeaders", "MultipartFormData",
        "EmptyResponse", "TimeInterval", "RetryPolicy", "HTTPIDLIndirect", "HTTPIDLCodingKey", "Nullable", "Query", "Body",
        "HTTPIDLRequestFields", "StatusErrorBody", "ResponseDecoder",
    ]

    /// Members of Courier's `Endpoint`/`APIDefinition`; a request field with one of these names gets a `Value` suffix.
    static let reservedRequestMembers: WordSet = [
        "method", "path", "query", "body", "parameters", "headers", "timeout", "acceptableStatusCodes",
        "retryPolicy", "queryEncoder", "responseDecoder", "bodyEncoder", "contentType", "multipartBoundary",
    ]

    let files: [FileSyntax]
    let options: Options
    var symbols: [String: Symbol] = [:]
    var enums: [String: ModelEnum] = [:]
    var generatedNames: [String: (fileIndex: Int, range: SourceRange)] = [:]
    var diagnostics: [Diagnostic] = []
    /// The number of errors in `diagnostics` (checks compare it before and after, without rescanning).
    var errorCount = 0
    var fileIndex = 0

    /// Analyzes `files` together; returns the model and the diagnostics (sorted by file order and position).
    package static func analyze(_ files: [FileSyntax], options: Options = Options()) -> (ValidatedModel, [Diagnostic]) {
        var analyzer = SemanticAnalyzer(files: files, options: options)
        let model = analyzer.run()
        return (model, analyzer.diagnostics)
    }

    init(files: [FileSyntax], options: Options) {
        self.files = files
        self.options = options
    }

    var source: SourceFile { files[fileIndex].source }

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(severity, message, at: range, in: source, notes: notes))
        if severity == .error { errorCount += 1 }
    }

    func describe(_ fileIndex: Int, _ range: SourceRange) -> String {
        let location = files[fileIndex].source.location(of: range.start)
        return fileIndex == self.fileIndex ? "at \(location)" : "in \(files[fileIndex].source.name):\(location)"
    }

    // MARK: - Driver

    mutating func run() -> ValidatedModel {
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
        // A message usually generates a request and a response type name per method: room for most of them
        // up front saves rehashing a large table again and again.
        generatedNames.reserveCapacity(files.reduce(0) { $0 + $1.declarations.count } * 4)
        let indirect = recursiveFields()
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
                case .webSocket(let syntax):
                    if let model = analyzeWebSocket(syntax) { declarations.append(.message(model)) }
                case .external:
                    break
                case .union(let syntax):
                    if symbols[syntax.name.text]?.fileIndex == index, symbols[syntax.name.text]?.range == syntax.name.range,
                       let model = analyzeUnion(syntax) {
                        declarations.append(.union(model))
                    }
                }
            }
            if files[index].isBlank {
                diagnostics.append(Diagnostic(.warning, "file declares nothing (no MESSAGE, STRUCT, ENUM, EXTERN or UNION)",
                                              at: SourceRange(start: 0, end: 0), in: source))
            }
            result.append(ValidatedFile(sourceName: files[index].source.name, declarations: declarations))
        }
        return ValidatedModel(files: result)
    }

    // MARK: - Symbols

    mutating func collectSymbols(_ file: FileSyntax) {
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
            case .union(let syntax):
                name = syntax.name
                kind = .union
            case .message, .webSocket:
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
    mutating func checkTypeName(_ name: Identifier) -> Bool {
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

    func enumRawType(_ type: TypeSyntax) -> ScalarType? {
        guard case .named(let name) = type.kind, let scalar = ScalarType(rawValue: name),
              scalar == .string || scalar.isInteger else { return nil }
        return scalar
    }

    /// Registers a generated type name; reports a collision.
    mutating func registerGeneratedName(_ name: String, at range: SourceRange, what: @autoclosure () -> String) -> Bool {
        // One lookup in the common case: the name is stored, and on a collision the earlier entry put back.
        if let previous = generatedNames.updateValue((fileIndex, range), forKey: name) {
            generatedNames[name] = previous
            report(.error, "\(what()) generates the type '\(name)', which already exists (\(describe(previous.fileIndex, previous.range)))",
                   at: range, notes: previous.fileIndex == fileIndex ? [.init(range: previous.range, message: "'\(name)' comes from here")] : [])
            return false
        }
        return true
    }

}
