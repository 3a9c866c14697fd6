import Courier
import Foundation
import Testing

/// `HTTPCache`: the byte bound and LRU order, memory and disk, entry files that survive a new instance, and
/// files cut short or damaged being misses.
@Suite struct HTTPCacheTests {
    static func entry(_ key: String, bodySize: Int = 100, status: Int = 200) -> CacheEntry {
        CacheEntry(
            key: key, url: URL(string: key), statusCode: status, headers: ["Cache-Control": "max-age=60", "ETag": #""e""#],
            body: Data(repeating: 7, count: bodySize), requestTime: Date(timeIntervalSince1970: 1_800_000_000),
            responseTime: Date(timeIntervalSince1970: 1_800_000_001), varyFields: [.init(name: "accept", value: "text/plain")])
    }

    enum Kind: String, CaseIterable, Sendable { case memory, disk }

    static func make(_ kind: Kind, capacity: Int, directory: URL = temporaryCacheDirectory()) throws -> HTTPCache {
        switch kind {
        case .memory: HTTPCache(memoryCapacity: capacity)
        case .disk: try HTTPCache(directory: directory, capacity: capacity)
        }
    }

    @Test(arguments: Kind.allCases) func storesAndReturnsTheSameEntry(_ kind: Kind) async throws {
        let cache = try Self.make(kind, capacity: 1 << 20)
        let entry = Self.entry("https://a.test/1")
        await cache.store(entry)
        #expect(await cache.entries(for: "https://a.test/1").first == entry)
        #expect(await cache.entries(for: "https://a.test/2").first == nil)
        #expect(cache.entryCount == 1 && cache.totalBytes > 100)
    }

    @Test(arguments: Kind.allCases) func leastRecentlyUsedIsEvictedPastTheCapacity(_ kind: Kind) async throws {
        let one = Self.entry("https://a.test/1", bodySize: 1000)
        let size = kind == .memory ? one.cost : try await CacheEntryFileSize.of(one)
        let cache = try Self.make(kind, capacity: size * 3)
        for index in 1...3 { await cache.store(Self.entry("https://a.test/\(index)", bodySize: 1000)) }
        #expect(cache.entryCount == 3 && cache.totalBytes == size * 3)
        _ = await cache.entries(for: "https://a.test/1").first   // 1 is now the most recently used; 2 the least
        await cache.store(Self.entry("https://a.test/4", bodySize: 1000))
        #expect(cache.entryCount == 3 && cache.totalBytes <= cache.capacity)
        #expect(await cache.entries(for: "https://a.test/2").first == nil)
        for index in [1, 3, 4] { #expect(await cache.entries(for: "https://a.test/\(index)").first != nil) }
    }

    @Test(arguments: Kind.allCases) func anEntryLargerThanTheCapacityIsNotStoredAndDropsTheOld(_ kind: Kind) async throws {
        let cache = try Self.make(kind, capacity: 4096)
        await cache.store(Self.entry("https://a.test/1"))
        await cache.store(Self.entry("https://a.test/1", bodySize: 10_000))
        #expect(cache.entryCount == 0 && cache.totalBytes == 0)
        #expect(await cache.entries(for: "https://a.test/1").first == nil)
    }

    @Test(arguments: Kind.allCases) func replacingAKeyKeepsOneEntry(_ kind: Kind) async throws {
        let cache = try Self.make(kind, capacity: 1 << 20)
        await cache.store(Self.entry("https://a.test/1", bodySize: 10))
        await cache.store(Self.entry("https://a.test/1", bodySize: 20))
        #expect(cache.entryCount == 1)
        #expect(await cache.entries(for: "https://a.test/1").first?.body.count == 20)
    }

    @Test(arguments: Kind.allCases) func removeAndRemoveAll(_ kind: Kind) async throws {
        let directory = temporaryCacheDirectory()
        let cache = try Self.make(kind, capacity: 1 << 20, directory: directory)
        for index in 1...3 { await cache.store(Self.entry("https://a.test/\(index)")) }
        await cache.remove("https://a.test/2")
        #expect(cache.entryCount == 2)
        #expect(await cache.entries(for: "https://a.test/2").first == nil)
        await cache.removeAll()
        #expect(cache.entryCount == 0 && cache.totalBytes == 0)
        #expect(await cache.entries(for: "https://a.test/1").first == nil)
        if kind == .disk { #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty) }
    }

    /// `Vary` variants of one URL: side by side (and back from a new disk instance), listed and removed together;
    /// a response varying on other fields replaces them.
    @Test(arguments: Kind.allCases) func variantsAreKeptSideBySide(_ kind: Kind) async throws {
        let directory = temporaryCacheDirectory()
        let cache = try Self.make(kind, capacity: 1 << 20, directory: directory)
        func variant(_ field: String, _ value: String) -> CacheEntry {
            CacheEntry(
                key: "https://a.test/1", url: URL(string: "https://a.test/1"), statusCode: 200, headers: ["Vary": field],
                body: Data(value.utf8), requestTime: Date(), responseTime: Date(), varyFields: [.init(name: field, value: value)])
        }
        await cache.store(variant("accept", "a"))
        await cache.store(variant("accept", "b"))
        await cache.store(Self.entry("https://a.test/2"))
        let reopened = kind == .disk ? try HTTPCache(directory: directory, capacity: 1 << 20) : cache
        #expect(Set(await reopened.cachedResponses(for: URL(string: "https://a.test/1#x")!).map(\.body)) == [Data("a".utf8), Data("b".utf8)])
        #expect(await reopened.cachedResponses().count == 3)
        await reopened.store(variant("accept-language", "en"))
        #expect(await reopened.entries(for: "https://a.test/1").map(\.body) == [Data("en".utf8)])
        await reopened.removeCachedResponses(for: URL(string: "https://a.test/1")!)
        #expect(await reopened.cachedResponses().map(\.url) == [URL(string: "https://a.test/2")])
    }

    @Test func zeroOrNegativeCapacityStoresNothing() async {
        let cache = HTTPCache(memoryCapacity: -5)
        await cache.store(Self.entry("https://a.test/1"))
        #expect(cache.capacity == 0 && cache.entryCount == 0)
    }

    // MARK: Disk

    @Test func diskEntriesSurviveANewInstance() async throws {
        let directory = temporaryCacheDirectory()
        let first = try HTTPCache(directory: directory, capacity: 1 << 20)
        let entry = Self.entry("https://a.test/1")
        await first.store(entry)
        await first.store(Self.entry("https://a.test/2"))
        let second = try HTTPCache(directory: directory, capacity: 1 << 20)
        #expect(second.entryCount == 2 && second.totalBytes == first.totalBytes)
        #expect(await second.entries(for: "https://a.test/1").first == entry)
    }

    @Test func aNewInstanceWithASmallerCapacityEvictsTheOldestFiles() async throws {
        let directory = temporaryCacheDirectory()
        let first = try HTTPCache(directory: directory, capacity: 1 << 20)
        await first.store(Self.entry("https://a.test/old", bodySize: 1000))
        // File times have a coarse resolution on some file systems: make the order explicit.
        let oldFile = try #require(first.fileURL(for: "https://a.test/old"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: oldFile.path)
        await first.store(Self.entry("https://a.test/new", bodySize: 1000))
        let second = try HTTPCache(directory: directory, capacity: first.totalBytes / 2 + 1)
        #expect(second.entryCount == 1)
        #expect(await second.entries(for: "https://a.test/new").first != nil)
        #expect(!FileManager.default.fileExists(atPath: oldFile.path))
    }

    /// A process killed mid-write leaves a short file (or a temporary one): a miss, the file removed.
    @Test(arguments: [0, 3, 19, 20, 60, -1]) func aTruncatedEntryFileIsAMissAndRemoved(_ keep: Int) async throws {
        let directory = temporaryCacheDirectory()
        let first = try HTTPCache(directory: directory, capacity: 1 << 20)
        await first.store(Self.entry("https://a.test/1", bodySize: 500))
        let file = try #require(first.fileURL(for: "https://a.test/1"))
        let whole = try Data(contentsOf: file)
        try whole.prefix(keep >= 0 ? keep : whole.count - 1).write(to: file)
        try Data("half".utf8).write(to: directory.appendingPathComponent("0123456789abcdef.1234.tmp"))
        let second = try HTTPCache(directory: directory, capacity: 1 << 20)
        #expect(await second.entries(for: "https://a.test/1").first == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(second.entryCount == 0 && second.totalBytes == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A flipped byte anywhere (prefix, metadata or body), an overlong file, or another file's content: a miss.
    @Test(arguments: ["flip-magic", "flip-length", "flip-metadata", "flip-body", "extra-byte", "other-key"])
    func aDamagedEntryFileIsAMissAndRemoved(_ damage: String) async throws {
        let directory = temporaryCacheDirectory()
        let cache = try HTTPCache(directory: directory, capacity: 1 << 20)
        await cache.store(Self.entry("https://a.test/1", bodySize: 500))
        await cache.store(Self.entry("https://a.test/2", bodySize: 500))
        let file = try #require(cache.fileURL(for: "https://a.test/1"))
        var data = try Data(contentsOf: file)
        switch damage {
        case "flip-magic": data[0] ^= 0xFF
        case "flip-length": data[5] ^= 0x01
        case "flip-metadata": data[30] ^= 0x20
        case "flip-body": data[data.count - 10] ^= 0x01
        case "extra-byte": data.append(0)
        default: data = try Data(contentsOf: #require(cache.fileURL(for: "https://a.test/2")))
        }
        try data.write(to: file)
        #expect(await cache.entries(for: "https://a.test/1").first == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(cache.entryCount == 1)
        #expect(await cache.entries(for: "https://a.test/2").first != nil)
    }

    @Test func filesThatAreNotEntriesAreLeftAlone() async throws {
        let directory = temporaryCacheDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: directory.appendingPathComponent("README"))
        let cache = try HTTPCache(directory: directory, capacity: 1 << 20)
        #expect(cache.entryCount == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("README").path))
    }

    @Test func aDirectoryThatCannotBeCreatedThrows() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-file-\(UUID().uuidString)")
        try Data().write(to: file)
        #expect(throws: (any Error).self) { try HTTPCache(directory: file.appendingPathComponent("sub"), capacity: 1000) }
    }

    // MARK: Concurrency

    @Test(arguments: Kind.allCases) func concurrentUseKeepsTheBoundAndTheEntriesWhole(_ kind: Kind) async throws {
        let cache = try Self.make(kind, capacity: 40 * Self.entry("https://a.test/00", bodySize: 300).cost)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        let key = "https://a.test/\((task * 7 + round) % 60)"
                        if round % 3 == 0 {
                            await cache.store(Self.entry(key, bodySize: 300))
                        } else if let entry = await cache.entries(for: key).first {
                            #expect(entry == Self.entry(key, bodySize: 300))
                        }
                    }
                }
            }
        }
        #expect(cache.totalBytes <= cache.capacity && cache.entryCount > 0)
    }
}

/// The size of an entry's file, as the disk cache counts it.
enum CacheEntryFileSize {
    static func of(_ entry: CacheEntry) async throws -> Int {
        let cache = try HTTPCache(directory: temporaryCacheDirectory(), capacity: 1 << 30)
        await cache.store(entry)
        return cache.totalBytes
    }
}
