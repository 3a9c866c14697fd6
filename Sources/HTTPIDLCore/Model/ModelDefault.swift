/// A checked `DEFAULT` value.
package enum ModelDefault: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer literal that fits the field's type.
    case integer(String)
    /// A floating-point literal.
    case float(String)
    /// A boolean.
    case bool(Bool)
    /// A case of the field's enum type, by Swift case name.
    case enumCase(String)
}
