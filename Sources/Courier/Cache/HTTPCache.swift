import Foundation

/// Where a client's `CacheInterceptor` keeps responses: in memory, or on disk with an index in memory; bounded in
/// bytes, the least recently used entries evicted first.
///
/// One instance may be shared by several clients in one process: every operation is safe to call concurrently.
/// A disk cache keeps one file per entry in `directory`, written to a temporary file and renamed into place, with
/// lengths and a CRC-32 checked on every read: a file cut short by a process killed mid-write, or damaged
/// afterwards, is a miss (and is removed), never a crash or a wrong response. Its file operations run on a thread
/// of their own, never on the cooperative pool. Two `HTTPCache` instances must not use one directory at the same
/// time; one after the other (a new process) is what it is for.
///
/// ```swift
/// let cache = try HTTPCache(directory: cachesURL.appendingPathComponent("api"), capacity: 50 << 20)
/// // or: let cache = HTTPCache(memoryCapacity: 10 << 20)
/// ```
public final class HTTPCache: Sendable {
    /// The most bytes the cache holds (bodies, header fields and keys; on disk, file sizes).
    package let capacity: Int
    /// The entries (memory) or the entry files' names (disk), by recency and by URL.
    private let index: LockedState<CacheIndex>
    private let disk: Disk?

    /// A disk cache's directory and the thread its file operations run on.
    private struct Disk: Sendable {
        let directory: URL
        let worker: CacheFileWorker

        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
        func remove(_ names: some Sequence<String>) {
            for name in names { try? FileManager.default.removeItem(at: file(name)) }
        }
    }

    /// Creates a cache in memory holding at most `memoryCapacity` bytes (a negative value is taken as 0, a
    /// cache that stores nothing). Choose it for responses that need not outlive the process; it costs up to
    /// `memoryCapacity` of RAM, so size it for the device.
    public init(memoryCapacity: Int) {
        capacity = max(0, memoryCapacity)
        index = LockedState(CacheIndex())
        disk = nil
    }

    /// Creates a cache in `directory` (created if missing) holding at most `capacity` bytes, with the entries a
    /// previous instance left there, so cached responses survive an app restart. Reads the directory listing on
    /// the calling thread (create it off the main thread for a large cache); entries past `capacity` are evicted
    /// at once. Point it at a caches directory the system may purge: a deleted file is just a miss.
    /// - Throws: the file system's error when the directory cannot be created or listed.
    public init(directory: URL, capacity: Int) throws {
        self.capacity = max(0, capacity)
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = try manager.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])
        var found: [(name: String, size: Int, modified: Date)] = []
        for file in files {
            if file.pathExtension == Self.temporaryExtension {
                try? manager.removeItem(at: file)   // left by a process killed mid-write
                continue
            }
            guard file.pathExtension == CacheIndex.entryExtension,
                  let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey]) else { continue }
            found.append((file.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        let disk = Disk(directory: directory, worker: CacheFileWorker(name: "Courier HTTPCache \(directory.lastPathComponent)"))
        var index = CacheIndex()
        for file in found.sorted(by: { $0.modified < $1.modified }) {
            disk.remove(index.insert(file.name, value: nil, cost: file.size))
        }
        disk.remove(index.evict(toFit: self.capacity))
        self.index = LockedState(index)
        self.disk = disk
    }

    deinit {
        disk?.worker.stop()
    }

    /// Removes every entry (and, on disk, every entry file): for a log-out, or after a deploy that changed
    /// what the server sends under the same URLs.
    public func removeAll() async {
        guard let disk else {
            _ = index.withLock { $0.removeAll() }
            return
        }
        await disk.worker.run { [index] in disk.remove(index.withLock { $0.removeAll() }) }
    }

    /// The bytes held now (bodies, header fields and keys; on disk, file sizes), e.g. to show the cache's size
    /// in a settings screen; never more than the capacity given at creation.
    public var totalBytes: Int { index.withLock { $0.recency.totalCost } }

    /// The number of entries held now (each `Vary` variant counts).
    package var entryCount: Int { index.withLock { $0.count } }

    // MARK: - For CacheInterceptor

    /// The entries stored for `key` (one per `Vary` variant), each becoming the most recently used; a damaged
    /// file is left out (and removed).
    package func entries(for key: String) async -> [CacheEntry] {
        guard let disk else {
            return index.withLock { index in index.names(for: key).compactMap { index.use($0) ?? nil } }.filter { $0.key == key }
        }
        return await disk.worker.run { [index] in
            index.withLock { index in index.names(for: key).filter { index.use($0) != nil } }.compactMap { name in
                Self.read(name, key: key, in: disk, index: index)
            }
        }
    }

    /// Stores `entry` under its key and `Vary` variant, replacing the same variant and the variants that vary on
    /// other fields, and evicts the least recently used entries past the capacity. An entry larger than the whole
    /// capacity is not stored (and the variant it would replace is removed).
    package func store(_ entry: CacheEntry) async {
        let capacity = self.capacity
        let name = CacheIndex.name(for: entry)
        guard let disk else {
            let cost = entry.cost
            index.withLock { index in
                guard cost <= capacity else { index.remove(name); return }
                _ = index.insert(name, value: entry, cost: cost)
                _ = index.evict(toFit: capacity)
            }
            return
        }
        let data = CacheEntryFile.encode(entry)
        await disk.worker.run { [index] in
            guard data.count <= capacity, Self.writeAtomically(data, to: disk.file(name)) else {
                disk.remove([name])
                index.withLock { _ = $0.remove(name) }
                return
            }
            disk.remove(index.withLock { index in index.insert(name, value: nil, cost: data.count) + index.evict(toFit: capacity) })
        }
    }

    /// Removes every entry stored for `key` (all its variants).
    package func remove(_ key: String) async {
        guard let disk else {
            index.withLock { index in for name in index.names(for: key) { index.remove(name) } }
            return
        }
        await disk.worker.run { [index] in
            disk.remove(index.withLock { index in index.names(for: key).filter { index.remove($0) } })
        }
    }

    /// The names held, most recently used first (entry file names for a disk cache).
    package var namesByRecency: [String] { index.withLock { $0.recency.keysByRecency } }

    /// The names stored for `key`.
    func names(for key: String) -> Set<String> { index.withLock { $0.names(for: key) } }

    /// The entries named `names`, in that order, without marking them used; those of another key than `key`
    /// (when given) are left out.
    func entries(named names: [String], key: String?) async -> [CacheEntry] {
        guard let disk else {
            return index.withLock { index in names.compactMap { index.recency.peek($0) ?? nil } }.filter { key == nil || $0.key == key }
        }
        return await disk.worker.run { [index] in names.compactMap { Self.read($0, key: key, in: disk, index: index) } }
    }

    /// The file that holds a response stored for `key` in a disk cache (`nil` for a memory cache or none stored).
    package func fileURL(for key: String) -> URL? {
        guard let disk, let name = names(for: key).first else { return nil }
        return disk.file(name)
    }

    // MARK: - Files

    private static let temporaryExtension = "tmp"

    /// The entry in the file `name` when it is whole and for `key` (any key when `nil`); a damaged file, or one
    /// another key's, is removed and its name forgotten. Runs on the disk worker.
    private static func read(_ name: String, key: String?, in disk: Disk, index: LockedState<CacheIndex>) -> CacheEntry? {
        if let data = try? Data(contentsOf: disk.file(name)), let entry = CacheEntryFile.decode(data), key == nil || entry.key == key {
            return entry
        }
        disk.remove([name])
        index.withLock { _ = $0.remove(name) }
        return nil
    }

    /// Writes `data` to a temporary file beside `file`, then renames it over `file`: a reader sees the old file
    /// or the new one, never a part. Returns false (the temporary file removed) when either step fails.
    private static func writeAtomically(_ data: Data, to file: URL) -> Bool {
        let temporary = file.deletingPathExtension().appendingPathExtension("\(UUID().uuidString).\(temporaryExtension)")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        guard rename(temporary.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        return true
    }
}
