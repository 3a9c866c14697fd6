/// The elements of one array in a parsed query, read by index; `nil` marks a gap (`a[0]=x&a[2]=y`).
///
/// Repeated and split values (`a=x&a=y`, `a=x,y`) are stored densely. Indexed elements are stored
/// sparsely, so `a[10000]=x` costs one entry rather than ten thousand empty slots; the count is the
/// highest index plus one.
struct QueryArrayElements {
    /// The number of elements, gaps included.
    let count: Int
    private let dense: [QueryDecodingNode]
    private let sparse: [Int: QueryDecodingNode]

    /// Elements in order, without gaps.
    init(dense: [QueryDecodingNode]) {
        self.count = dense.count
        self.dense = dense
        self.sparse = [:]
    }

    /// Elements at the given indices (the caller keeps `highestIndex` below `Int.max`; the count saturates).
    init(sparse: [Int: QueryDecodingNode], highestIndex: Int) {
        self.count = highestIndex < Int.max ? highestIndex + 1 : Int.max
        self.dense = []
        self.sparse = sparse
    }

    /// The element at `index`, or `nil` for a gap.
    subscript(index: Int) -> QueryDecodingNode? {
        index < dense.count ? dense[index] : sparse[index]
    }
}
