/// A resolved type of the validated model.
///
/// Only the cases that contain a type are `indirect`: a scalar or a name is stored inline, so the common
/// field type costs no heap box to build, copy or free.
package enum ModelType: Sendable, Hashable {
    /// A built-in scalar.
    case scalar(ScalarType)
    /// `ARRAY<element>`
    indirect case array(ModelType)
    /// `DICT<key, value>`
    indirect case dictionary(key: ModelType, value: ModelType)
    /// A `STRUCT` of the compiled files.
    case structure(String)
    /// An `ENUM` of the compiled files, with its raw type.
    case enumeration(String, raw: ScalarType)
    /// An `EXTERN` (or unknown, passed through) Swift type.
    case external(String)

    /// Whether `FILE` appears anywhere in the type.
    var containsFile: Bool {
        switch self {
        case .scalar(let scalar): scalar == .file
        case .array(let element): element.containsFile
        case .dictionary(let key, let value): key.containsFile || value.containsFile
        default: false
        }
    }

    /// Whether `BLOB` appears anywhere in the type.
    var containsBlob: Bool {
        switch self {
        case .scalar(let scalar): scalar == .blob
        case .array(let element): element.containsBlob
        case .dictionary(let key, let value): key.containsBlob || value.containsBlob
        default: false
        }
    }

    /// Whether the type is a declared `STRUCT` (or `UNION`).
    var isStructure: Bool {
        if case .structure = self { return true }
        return false
    }

    /// Whether the value converts to one string (path parameters, headers, multipart text parts).
    var isStringConvertible: Bool {
        switch self {
        case .scalar(.file), .scalar(.blob), .scalar(.any): false
        case .scalar: true
        case .enumeration: true
        default: false
        }
    }
}
