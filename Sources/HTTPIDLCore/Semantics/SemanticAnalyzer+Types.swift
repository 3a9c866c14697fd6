/// Type resolution, placement rules and `DEFAULT` checks.
extension SemanticAnalyzer {
    // MARK: - Types

    mutating func resolve(_ type: TypeSyntax) -> ModelType? {
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
                    report(.error, "ANY needs Courier's JSONValue type, which is turned off (SemanticAnalyzer.Options.supportsAnyType)", at: type.range)
                    return nil
                }
                return .scalar(scalar)
            }
            if let symbol = symbols[name] {
                switch symbol.kind {
                case .structure, .union: return .structure(name)
                case .enumeration(let raw): return .enumeration(name, raw: raw)
                case .external: return .external(name)
                }
            }
            return unknownType(name, at: type.range)
        }
    }

    mutating func unknownType(_ name: String, at range: SourceRange) -> ModelType? {
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
    enum Usage {
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

    mutating func check(_ type: ModelType, usage: Usage, at range: SourceRange) -> Bool {
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

    mutating func checkDefault(_ literal: LiteralSyntax, type: ModelType) -> ModelDefault? {
        let mismatch = "DEFAULT value does not match the field's type"
        switch type {
        case .scalar(let scalar):
            switch (scalar, literal.value) {
            case (.string, .string(let text)): return .string(text)
            case (.bool, .bool(let value)): return .bool(value)
            case (.double, .integer(let text)), (.float, .integer(let text)), (.double, .float(let text)), (.float, .float(let text)):
                let isInteger = if case .integer = literal.value { true } else { false }
                guard let problem = scalar.floatLiteralProblem(text, isIntegerLiteral: isInteger) else { return .float(text) }
                report(.error, "DEFAULT value \(text) \(problem) in \(scalar.rawValue)", at: literal.range)
                return nil
            case (.any, .string(let text)): return .string(text)
            case (.any, .bool(let value)): return .bool(value)
            case (.any, .float(let text)):
                // `JSONValue`'s floating-point literals are `Double`.
                guard let problem = ScalarType.double.floatLiteralProblem(text, isIntegerLiteral: false) else { return .float(text) }
                report(.error, "DEFAULT value \(text) \(problem) in an ANY number (DOUBLE)", at: literal.range)
                return nil
            case (.any, .integer(let text)):
                // `JSONValue`'s integer literals are `Int64`.
                if ScalarType.int64.fits(integer: text) { return .integer(text) }
                report(.error, "DEFAULT value \(text) does not fit in an ANY integer literal (INT64)", at: literal.range)
                return nil
            case (_, .integer(let text)) where scalar.isInteger:
                if scalar.fits(integer: text) { return .integer(text) }
                report(.error, "DEFAULT value \(text) does not fit in \(scalar.rawValue)", at: literal.range)
                return nil
            case (.string, _), (.bool, _), (.double, _), (.float, _), (.int32, _), (.uint32, _), (.int64, _), (.uint64, _), (.int, _):
                report(.error, "\(mismatch) '\(scalar.rawValue)'", at: literal.range)
                return nil
            default:
                report(.error, "DEFAULT is supported for STRING, BOOL, numeric, ANY and ENUM fields, not '\(scalar.rawValue)'", at: literal.range)
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
            report(.error, "DEFAULT is supported for STRING, BOOL, numeric, ANY and ENUM fields", at: literal.range)
            return nil
        }
    }
}
