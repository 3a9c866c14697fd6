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
    /// The entries (memory) or the entry files' names (disk, values `nil`), by recency.
    private let index: LockedState<LRUIndex<CacheEntry?>>
    private let disk: Disk?

    /// A disk cache's directory and the thread its file operations run on.
    private struct Disk: Sendable {
        let directory: URL
        let worker: CacheFileWorker
    }

    /// Creates a cache in memory holding at most `memoryCapacity` bytes.
    public init(memoryCapacity: Int) {
        capacity = max(0, memoryCapacity)
        index = LockedState(LRUIndex())
        disk = nil
    }

    /// Creates a cache in `directory` (created if missing) holding at most `capacity` bytes, with the entries a
    /// previous instance left there. Reads the directory listing on the calling thread.
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
            guard file.pathExtension == Self.entryExtension,
                  let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey]) else { continue }
            found.append((file.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        var index = LRUIndex<CacheEntry?>()
        for file in found.sorted(by: { $0.modified < $1.modified }) {
            index.insert(file.name, value: nil, cost: file.size)
        }
        let disk = Disk(directory: directory, worker: CacheFileWorker(name: "Courier HTTPCache \(directory.lastPathComponent)"))
        for name in index.evict(toFit: self.capacity) {
            try? manager.removeItem(at: directory.appendingPathComponent(name))
        }
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
            index.withLock { $0.removeAll() }
            return
        }
        await disk.worker.run { [index] in
            let names = index.withLock { index in
                defer { index.removeAll() }
                return index.keysByRecency
            }
            for name in names { try? FileManager.default.removeItem(at: disk.directory.appendingPathComponent(name)) }
        }
    }

    /// The bytes held now (bodies, header fields and keys; on disk, file sizes), e.g. to show the cache's size
    /// in a settings screen; never more than the capacity given at creation.
    public var totalBytes: Int { index.withLock { $0.totalCost } }

    /// The number of entries held now.
    package var entryCount: Int { index.withLock { $0.count } }

    // MARK: - For CacheInterceptor

    /// The entry stored for `key`, which becomes the most recently used; `nil` when there is none or its file is
    /// damaged (the file is then removed).
    package func entry(for key: String) async -> CacheEntry? {
        guard let disk else { return index.withLock { $0.use(key) } ?? nil }
        let name = Self.fileName(for: key)
        return await disk.worker.run { [index] in
            guard index.withLock({ $0.use(name) }) != nil else { return nil }
            let file = disk.directory.appendingPathComponent(name)
            if let data = try? Data(contentsOf: file), let entry = CacheEntryFile.decode(data), entry.key == key {
                return entry
            }
            // Truncated, damaged, or another key's file under the same name: a miss, and never read again.
            try? FileManager.default.removeItem(at: file)
            index.withLock { _ = $0.remove(name) }
            return nil
        }
    }

    /// Stores `entry` under its key, replacing what was there, and evicts the least recently used entries past
    /// the capacity. An entry larger than the whole capacity is not stored (and the old one is removed).
    package func store(_ entry: CacheEntry) async {
        let capacity = self.capacity
        guard let disk else {
            let cost = entry.cost
            index.withLock { index in
                guard cost <= capacity else { index.remove(entry.key); return }
                index.insert(entry.key, value: entry, cost: cost)
                _ = index.evict(toFit: capacity)
            }
            return
        }
        let name = Self.fileName(for: entry.key)
        let data = CacheEntryFile.encode(entry)
        await disk.worker.run { [index] in
            let file = disk.directory.appendingPathComponent(name)
            guard data.count <= capacity, Self.writeAtomically(data, to: file) else {
                try? FileManager.default.removeItem(at: file)
                index.withLock { _ = $0.remove(name) }
                return
            }
            let evicted = index.withLock { index in
                index.insert(name, value: nil, cost: data.count)
                return index.evict(toFit: capacity)
            }
            for old in evicted { try? FileManager.default.removeItem(at: disk.directory.appendingPathComponent(old)) }
        }
    }

    /// Removes the entry stored for `key`, if any.
    package func remove(_ key: String) async {
        guard let disk else {
            index.withLock { _ = $0.remove(key) }
            return
        }
        let name = Self.fileName(for: key)
        await disk.worker.run { [index] in
            if index.withLock({ $0.remove(name) }) {
                try? FileManager.default.removeItem(at: disk.directory.appendingPathComponent(name))
            }
        }
    }

    /// The keys held, most recently used first (entry file names for a disk cache).
    package var keysByRecency: [String] { index.withLock { $0.keysByRecency } }

    /// The file that holds the entry for `key` in a disk cache (`nil` for a memory cache).
    package func fileURL(for key: String) -> URL? {
        disk?.directory.appendingPathComponent(Self.fileName(for: key))
    }

    // MARK: - Files

    private static let entryExtension = "entry"
    private static let temporaryExtension = "tmp"

    /// The entry file's name for `key`: the 64-bit FNV-1a hash of the key in hex (a colliding key is told apart
    /// by the key stored inside the file).
    private static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "." + entryExtension
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
