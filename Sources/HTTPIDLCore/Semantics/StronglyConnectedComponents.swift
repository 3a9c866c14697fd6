/// Tarjan's strongly connected components, iterative (no recursion, so any graph size is safe).
enum StronglyConnectedComponents {
    /// Maps each node to the index of its component; nodes in one cycle share an index.
    static func compute(nodes: [String], edges: [String: [String]]) -> [String: Int] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var component: [String: Int] = [:]
        var nextIndex = 0
        var nextComponent = 0

        for root in nodes where index[root] == nil {
            // Each frame: the node and the position of the next edge to visit.
            var frames: [(node: String, edge: Int)] = [(root, 0)]
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let targets = edges[frame.node] ?? []
                if frame.edge < targets.count {
                    frames[frames.count - 1].edge += 1
                    let target = targets[frame.edge]
                    if index[target] == nil {
                        index[target] = nextIndex
                        lowLink[target] = nextIndex
                        nextIndex += 1
                        stack.append(target)
                        onStack.insert(target)
                        frames.append((target, 0))
                    } else if onStack.contains(target) {
                        lowLink[frame.node] = min(lowLink[frame.node] ?? 0, index[target] ?? 0)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node] ?? 0, lowLink[frame.node] ?? 0)
                }
                if lowLink[frame.node] == index[frame.node] {
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component[member] = nextComponent
                        if member == frame.node { break }
                    }
                    nextComponent += 1
                }
            }
        }
        return component
    }
}
