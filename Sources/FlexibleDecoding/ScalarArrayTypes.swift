/// The identities of the arrays of common scalars that `JSONTreeDecoder` reads without the unkeyed
/// container, looked up once.
///
/// In unspecialized generic code `T.self == [String].self` asks the runtime for `Array<String>`'s
/// metadata on every call (a hashed, locked cache lookup, about a tenth of a records decode); a
/// comparison with an identifier kept here is a load.
enum ScalarArrayTypes {
    /// `[String]`.
    static let string = ObjectIdentifier([String].self)
    /// `[Int]`.
    static let int = ObjectIdentifier([Int].self)
    /// `[Int64]`.
    static let int64 = ObjectIdentifier([Int64].self)
    /// `[Double]`.
    static let double = ObjectIdentifier([Double].self)
    /// `[Bool]`.
    static let bool = ObjectIdentifier([Bool].self)
}
