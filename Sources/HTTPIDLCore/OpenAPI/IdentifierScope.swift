import Foundation

/// IDL identifiers for wire names, unique within one scope (a struct, a request, an enum).
struct IdentifierScope {
    private var swiftNames: Set<String> = []

    /// `created-at` → `created_at`, `+1` → `plus1`, `2fa` → `n2fa`; unique by the Swift name it becomes.
    mutating func identifier(for wireName: String, upperCase: Bool = false) -> String {
        var prefix = ""
        if wireName.hasPrefix("+") { prefix = "plus" }
        if wireName.hasPrefix("-") { prefix = "minus" }
        var base: String
        if Identifier.isValid(wireName), !upperCase {
            base = wireName
        } else {
            let words = Naming.words(wireName)
            base = prefix + (prefix.isEmpty ? "" : "_") + words.joined(separator: "_")
            if upperCase { base = base.uppercased() }
        }
        base = base.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        if base.isEmpty { base = upperCase ? "EMPTY" : "field" }
        if let first = base.unicodeScalars.first, ("0"..."9").contains(first) { base = (upperCase ? "V" : "n") + base }
        base = Self.escapingKeyword(base)
        var name = base
        var counter = 2
        while swiftNames.contains(Naming.lowerCamel(name)) || Naming.lowerCamel(name).isEmpty {
            name = base + "_" + String(counter)
            counter += 1
        }
        swiftNames.insert(Naming.lowerCamel(name))
        return name
    }

    /// `preferred` (an exported file's `x-httpidl-name`) when it is a free identifier, else a name from the wire name.
    mutating func identifier(preferring preferred: String?, for wireName: String, upperCase: Bool = false) -> String {
        if let preferred, Identifier.isValid(preferred), !Naming.lowerCamel(preferred).isEmpty, Self.escapingKeyword(preferred) == preferred,
           !swiftNames.contains(Naming.lowerCamel(preferred)) {
            swiftNames.insert(Naming.lowerCamel(preferred))
            return preferred
        }
        return identifier(for: wireName, upperCase: upperCase)
    }

    /// `ENUM` → `ENUM_`: a name spelled like a keyword that starts a declaration (`MESSAGE`, `STRUCT`, `ENUM`, `EXTERN`,
    /// `UNION`) would end the block it stands in; the `_` keeps the Swift name (`enum`) the same.
    static func escapingKeyword(_ name: String) -> String {
        DeclarationKeyword(rawValue: name) == nil ? name : name + "_"
    }

    /// Reserves a name already chosen (a path parameter named in the URI).
    mutating func reserve(_ name: String) {
        swiftNames.insert(Naming.lowerCamel(name))
    }
}
