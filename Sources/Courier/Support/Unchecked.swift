/// Carries a non-`Sendable` URLSession object, completion handler or `Operation` to the one thread that uses it.
///
/// `@unchecked Sendable` is safe only as used here: the sender hands the value off and never touches it again.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
