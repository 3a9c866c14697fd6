/// Walks the encoder's tree in wire order — keys sorted inside each level, array elements in order —
/// and writes every leaf into a `QueryOutputSink` following the array and object strategies.
struct QueryTreeWalker {
    let tree: QueryEncodingTree
    /// The strategies of the value being walked: the encoder's, or a top-level key's own while its value is walked.
    private(set) var arrays: URLQueryEncoder.ArrayEncodingStrategy
    private(set) var objects: URLQueryEncoder.ObjectEncodingStrategy
    private(set) var delimiter: UInt8?
    /// The strategies of single keys of the top-level object (`URLQueryEncoder.arrayEncodingStrategiesByKey`).
    let arraysByKey: [String: URLQueryEncoder.ArrayEncodingStrategy]
    let objectsByKey: [String: URLQueryEncoder.ObjectEncodingStrategy]
    /// How many objects the walk is inside (1 while the entries of the top-level object are walked).
    private var objectDepth = 0
    /// Under `.flattened`, the names written so far (to reject two values under one name).
    private var flattenedNames: Set<[UInt8]> = []

    init(
        tree: QueryEncodingTree, arrays: URLQueryEncoder.ArrayEncodingStrategy,
        objects: URLQueryEncoder.ObjectEncodingStrategy,
        arraysByKey: [String: URLQueryEncoder.ArrayEncodingStrategy] = [:],
        objectsByKey: [String: URLQueryEncoder.ObjectEncodingStrategy] = [:]
    ) {
        self.tree = tree
        self.arrays = arrays
        self.objects = objects
        self.delimiter = arrays.delimiter
        self.arraysByKey = arraysByKey
        self.objectsByKey = objectsByKey
    }

    mutating func walkTop<Sink: QueryOutputSink>(
        _ value: QueryEncodedValue?, rootKey: String?, sink: inout Sink
    ) throws(QueryWalkError) {
        guard let value, let value = tree.resolved(value) else { return }
        if let rootKey {
            sink.appendNameText(rootKey)
            do {
                try walk(value, sink: &sink, insideArray: false)
            } catch {
                throw error.prepending(QueryCodingKey(stringValue: rootKey))
            }
            return
        }
        guard case .object = value else { throw QueryWalkError(kind: .unsupportedTopLevelValue) }
        try walk(value, sink: &sink, insideArray: false)
    }

    private mutating func walk<Sink: QueryOutputSink>(
        _ value: QueryEncodedValue, sink: inout Sink, insideArray: Bool
    ) throws(QueryWalkError) {
        switch value {
        case .scalar(let string):
            if objects == .flattened { try checkFlattenedName(sink) }
            sink.emit(string)
        case .integer(let number):
            if objects == .flattened { try checkFlattenedName(sink) }
            sink.emit(integer: number)
        case .null:
            return
        case .deferred:
            if let inner = tree.resolved(value) { try walk(inner, sink: &sink, insideArray: insideArray) }
        case .object(let object):
            if insideArray && objects == .flattened {
                throw QueryWalkError(kind: .unsupportedNesting("an object inside an array cannot be written with .flattened object keys"))
            }
            try walkObject(object, sink: &sink)
        case .array(let array):
            try walkArray(array, sink: &sink, insideArray: insideArray)
        }
    }

    private mutating func walkObject<Sink: QueryOutputSink>(_ object: Int, sink: inout Sink) throws(QueryWalkError) {
        objectDepth += 1
        defer { objectDepth -= 1 }
        tree.sortEntries(of: object)
        let mark = sink.nameLength
        let savedStart = sink.nameStart
        let leafSeparator: QueryKeySeparator = sink.nameLength == sink.nameStart ? .none : (objects == .dots ? .dot : .brackets)
        let writesLeavesDirectly = objects != .flattened
        // Read the entries in place: nothing below appends to the tree (only deeper objects are
        // relinked), and borrowing saves a retain and release of every key and value.
        let entries = tree.entries
        var next = tree.nodes[object].entries.first
        while next >= 0 {
            let index = Int(next)
            next = entries[index].next
            if writesLeavesDirectly {
                switch entries[index].value {
                case .scalar(let scalar):
                    sink.emitLeaf(key: entries[index].key, separator: leafSeparator, value: scalar)
                    continue
                case .integer(let number):
                    sink.emitLeaf(key: entries[index].key, separator: leafSeparator, integer: number)
                    continue
                case .object, .array, .null, .deferred:
                    break
                }
            }
            try walkEntry(entries[index], sink: &sink, mark: mark, savedStart: savedStart)
        }
    }

    /// Writes one entry of an object that is not a scalar under `.brackets`/`.dots`, in the strategies of its key
    /// when it is a key of the top-level object with strategies of its own.
    private mutating func walkEntry<Sink: QueryOutputSink>(
        _ entry: QueryEncodedEntry, sink: inout Sink, mark: Int, savedStart: Int
    ) throws(QueryWalkError) {
        if objectDepth == 1, !(arraysByKey.isEmpty && objectsByKey.isEmpty) {
            let saved = (arrays, objects)
            (arrays, objects) = (arraysByKey[entry.key] ?? arrays, objectsByKey[entry.key] ?? objects)
            delimiter = arrays.delimiter
            defer {
                (arrays, objects) = saved
                delimiter = arrays.delimiter
            }
            try walkNamedEntry(entry, sink: &sink, mark: mark, savedStart: savedStart)
        } else {
            try walkNamedEntry(entry, sink: &sink, mark: mark, savedStart: savedStart)
        }
    }

    /// Appends the key of `entry` to the name as the object strategy says and walks its value.
    private mutating func walkNamedEntry<Sink: QueryOutputSink>(
        _ entry: QueryEncodedEntry, sink: inout Sink, mark: Int, savedStart: Int
    ) throws(QueryWalkError) {
        if objects == .flattened {
            sink.nameStart = sink.nameLength
            sink.appendNameText(entry.key)
        } else if sink.nameLength == sink.nameStart {
            sink.appendNameText(entry.key)
        } else if objects == .dots {
            sink.appendDot()
            sink.appendNameText(entry.key)
        } else {
            sink.appendOpenBracket()
            sink.appendNameText(entry.key)
            sink.appendCloseBracket()
        }
        do {
            try walk(entry.value, sink: &sink, insideArray: false)
        } catch {
            throw error.prepending(QueryCodingKey(stringValue: entry.key))
        }
        sink.rewindName(to: mark)
        sink.nameStart = savedStart
    }

    /// An `.indexed` array: `name[0]=a&name[1]=b`, each element walked under its index.
    private mutating func walkIndexedArray<Sink: QueryOutputSink>(
        _ array: Int, sink: inout Sink
    ) throws(QueryWalkError) {
        let mark = sink.nameLength
        let checksNames = objects == .flattened
        // Read in place, as `walkObject` does.
        let elements = tree.elements
        var next = tree.nodes[array].elements.first
        var index = -1
        while next >= 0 {
            let position = Int(next)
            next = elements[position].next
            index += 1
            // An object is walked from here when `walk` would only call `walkObject` (saving a copy).
            var object = -1
            switch elements[position].value {
            case .null:
                continue
            case .scalar(let scalar) where !checksNames:
                sink.emitIndexedLeaf(index: index, value: scalar)
                continue
            case .integer(let number) where !checksNames:
                sink.emitIndexedLeaf(index: index, integer: number)
                continue
            case .object(let node) where !checksNames:
                object = node
            default:
                break
            }
            sink.appendOpenBracket()
            sink.appendIndex(index)
            sink.appendCloseBracket()
            do {
                if object >= 0 {
                    try walkObject(object, sink: &sink)
                } else {
                    try walk(elements[position].value, sink: &sink, insideArray: true)
                }
            } catch {
                throw error.prepending(QueryCodingKey(index: index))
            }
            sink.rewindName(to: mark)
        }
    }

    /// An array under the current name, in the configured `arrays` convention.
    private mutating func walkArray<Sink: QueryOutputSink>(
        _ array: Int, sink: inout Sink, insideArray: Bool
    ) throws(QueryWalkError) {
        if arrays == .indexed {
            try walkIndexedArray(array, sink: &sink)
            return
        }
        if insideArray {
            throw QueryWalkError(kind: .unsupportedNesting("an array inside an array needs .indexed"))
        }
        var scalars: [String] = []
        scalars.reserveCapacity(tree.elementCount(of: array))
        for (index, element) in tree.elements(of: array).enumerated() {
            switch tree.resolved(element.value) {
            case .scalar(let string)?:
                if let delimiter, string.utf8.contains(delimiter) {
                    throw QueryWalkError(
                        kind: .delimiterInValue(String(UnicodeScalar(delimiter))), path: [QueryCodingKey(index: index)]
                    )
                }
                scalars.append(string)
            case .integer(let number)?:
                // Digits and `-` are never a delimiter.
                scalars.append(String(number))
            case .null?, nil:
                continue
            case .object? where arrays == .bracketed:
                // Nothing is written yet: the Rails form writes the whole array.
                try walkBracketedObjects(array, sink: &sink)
                return
            case .object?, .array?, .deferred?:
                throw QueryWalkError(
                    kind: .unsupportedNesting("\(arrays) arrays can only hold scalars; use .indexed for nested arrays and objects"),
                    path: [QueryCodingKey(index: index)]
                )
            }
        }
        guard !scalars.isEmpty else { return }
        if let delimiter {
            if objects == .flattened { try checkFlattenedName(sink) }
            sink.emitJoined(scalars, delimiter: delimiter)
            return
        }
        let mark = sink.nameLength
        if arrays == .bracketed {
            sink.appendOpenBracket()
            sink.appendCloseBracket()
        }
        if objects == .flattened { try checkFlattenedName(sink) }
        for scalar in scalars { sink.emit(scalar) }
        sink.rewindName(to: mark)
    }

    /// A `.bracketed` array holding objects, in the Rails form: `items[][id]=1&items[][name]=x&items[][id]=2`.
    /// Each element is checked by `RailsArrayElementCheck` before it is written, so a shape Rack would
    /// read back differently is refused instead of silently merged or split.
    private mutating func walkBracketedObjects<Sink: QueryOutputSink>(
        _ array: Int, sink: inout Sink
    ) throws(QueryWalkError) {
        let mark = sink.nameLength
        var previous: [RailsArrayElementCheck.LeafPath]?
        for (index, element) in tree.elements(of: array).enumerated() {
            let object: Int
            switch tree.resolved(element.value) {
            case .null?, nil:
                continue
            case .object(let value)?:
                object = value
            case .array?:
                throw QueryWalkError(kind: .unsupportedNesting("an array inside an array needs .indexed"), path: [QueryCodingKey(index: index)])
            case .scalar?, .integer?, .deferred?:
                throw QueryWalkError(
                    kind: .unsupportedNesting("a .bracketed array cannot mix objects and scalars; use .indexed"),
                    path: [QueryCodingKey(index: index)]
                )
            }
            switch objects {
            case .brackets:
                break
            case .flattened:
                throw QueryWalkError(
                    kind: .unsupportedNesting("an object inside an array cannot be written with .flattened object keys"),
                    path: [QueryCodingKey(index: index)]
                )
            case .dots:
                throw QueryWalkError(
                    kind: .unsupportedNesting("objects in a .bracketed array need .brackets object keys (items[][id]=1, the Rails form); no server reads items[].id"),
                    path: [QueryCodingKey(index: index)]
                )
            }
            var paths: [RailsArrayElementCheck.LeafPath] = []
            collectLeafPaths(of: .object(object), prefix: [], into: &paths)
            if let (leaf, reason) = RailsArrayElementCheck.problem(paths: paths, previous: previous) {
                throw QueryWalkError(
                    kind: .unsupportedNesting(reason),
                    path: [QueryCodingKey(index: index)] + RailsArrayElementCheck.codingPath(of: leaf)
                )
            }
            previous = paths
            sink.appendOpenBracket()
            sink.appendCloseBracket()
            do {
                try walkObject(object, sink: &sink)
            } catch {
                throw error.prepending(QueryCodingKey(index: index))
            }
            sink.rewindName(to: mark)
        }
    }

    /// The names of the leaves `value` writes, below its array element and in wire order (objects are
    /// sorted here as `walkObject` sorts them).
    private mutating func collectLeafPaths(
        of value: QueryEncodedValue, prefix: RailsArrayElementCheck.LeafPath, into paths: inout [RailsArrayElementCheck.LeafPath]
    ) {
        switch value {
        case .scalar, .integer:
            paths.append(prefix)
        case .null:
            return
        case .deferred:
            if let inner = tree.resolved(value) { collectLeafPaths(of: inner, prefix: prefix, into: &paths) }
        case .object(let object):
            tree.sortEntries(of: object)
            for entry in tree.entries(of: object) {
                collectLeafPaths(of: entry.value, prefix: prefix + [.key(entry.key)], into: &paths)
            }
        case .array(let array):
            for (index, element) in tree.elements(of: array).enumerated() {
                collectLeafPaths(of: element.value, prefix: prefix + [.element(index)], into: &paths)
            }
        }
    }

    private mutating func checkFlattenedName<Sink: QueryOutputSink>(_ sink: Sink) throws(QueryWalkError) {
        let name = sink.currentName
        if !flattenedNames.insert(name).inserted {
            throw QueryWalkError(kind: .keyCollision(String(decoding: name, as: UTF8.self)))
        }
    }
}

/// An error found while writing the tree, with the path collected as it propagates outwards.
struct QueryWalkError: Error {
    enum Kind {
        case unsupportedTopLevelValue
        case unsupportedNesting(String)
        case delimiterInValue(String)
        case keyCollision(String)
    }

    let kind: Kind
    var path: [QueryCodingKey] = []

    func prepending(_ key: QueryCodingKey) -> QueryWalkError {
        var copy = self
        copy.path.insert(key, at: 0)
        return copy
    }

    var encodingError: URLQueryEncoder.EncodingError {
        switch kind {
        case .unsupportedTopLevelValue: .unsupportedTopLevelValue
        case .unsupportedNesting(let reason): .unsupportedNesting(codingPath: path, reason: reason)
        case .delimiterInValue(let delimiter): .delimiterInValue(codingPath: path, delimiter: delimiter)
        case .keyCollision(let key): .keyCollision(codingPath: path, key: key)
        }
    }
}
