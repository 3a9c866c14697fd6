/// A small model of the Swift the generator emits: declarations with typed structure, statement bodies as lines.
/// `SwiftRenderer` turns it into text.
struct SwiftFileModel: Sendable {
    /// Comment lines at the top (without `//`).
    var header: [String]
    /// Imported modules.
    var imports: [String]
    /// Top-level declarations.
    var declarations: [SwiftDeclaration]
    /// File-private declarations the others use (`HTTPIDLIndirect`), written last in every part of a split file.
    var helpers: [SwiftDeclaration] = []
}

/// A top-level or nested declaration.
indirect enum SwiftDeclaration: Sendable {
    /// A struct.
    case structure(SwiftStruct)
    /// An enum.
    case enumeration(SwiftEnum)
    /// `typealias Name = Type`
    case typeAlias(SwiftTypeAlias)
    /// `// MARK: - text`
    case mark(String)
    /// A final class (the indirect-storage helper).
    case finalClass(SwiftStruct)
}

/// `typealias Name = Type`.
struct SwiftTypeAlias: Sendable {
    var doc: [String] = []
    var access: String
    var name: String
    var type: String
}

/// A struct (or class) declaration.
struct SwiftStruct: Sendable {
    var doc: [String] = []
    var access: String
    var name: String
    var genericParameters: String = ""
    var conformances: [String]
    var members: [SwiftMember]
}

/// An enum declaration.
struct SwiftEnum: Sendable {
    /// One case; `associatedValue` is a type for `case name(Type)`.
    struct Case: Sendable {
        var doc: [String] = []
        var name: String
        var associatedValue: String?
        var rawValue: String?
    }

    var doc: [String] = []
    var access: String
    var name: String
    var conformances: [String]
    var cases: [Case]
    var members: [SwiftMember] = []
    /// `indirect enum` (a member type may contain the enum).
    var isIndirect = false
}

/// A member of a type.
enum SwiftMember: Sendable {
    /// `access var name: Type` (stored).
    case storedProperty(doc: [String], access: String, isLet: Bool, name: String, type: String)
    /// `access var name: Type { body }` — one expression or several statements.
    case computedProperty(doc: [String], access: String, name: String, type: String, body: [String])
    /// `access var name: Type { get { … } set { … } }`
    case accessorProperty(doc: [String], access: String, name: String, type: String, getter: String, setter: String)
    /// `access init(parameters) [throws] { body }` (`modifiers` e.g. `required`).
    case initializer(doc: [String], access: String, modifiers: String, parameters: [SwiftParameter], throwing: Bool, body: [String])
    /// `access [static] func signature { body }` — `signature` is everything after `func `.
    case function(doc: [String], access: String, isStatic: Bool, signature: String, body: [String])
    /// `access typealias Name = Type`
    case typeAlias(SwiftTypeAlias)
    /// A nested type.
    case nested(SwiftDeclaration)
}

/// A function or initializer parameter.
struct SwiftParameter: Sendable {
    var label: String?
    var name: String
    var type: String
    var defaultValue: String?
}
