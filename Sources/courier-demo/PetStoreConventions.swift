import Courier

// This pet store reads arrays in the query as repeated keys (`tags=friendly&tags=trained`, as Rails' and
// many Java servers' binders do), not Courier's default indexed form (`tags[0]=friendly`). The generated
// request picks that up from an extension; the generated code itself is untouched.
extension GetPetsRequest {
    /// Arrays as repeated keys: `tags=friendly&tags=trained`.
    public var queryEncoder: URLQueryEncoder? {
        URLQueryEncoder(arrayEncodingStrategy: .repeated)
    }
}
