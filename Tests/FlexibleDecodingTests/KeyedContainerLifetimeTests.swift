import Foundation
import Testing
@testable import FlexibleDecoding

/// Keyed containers live as long as the code that holds them: these tests hold containers past their
/// `init(from:)` and nest a type in itself, so a container that shared state with another object's
/// container would read that object's values.
@Suite("Keyed container lifetime")
struct KeyedContainerLifetimeTests {
    /// Each record keeps its container and reads its field again only after every record was decoded.
    @Test func storedContainersKeepTheirObject() throws {
        let json = "[" + (0..<20).map { #"{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: ",") + "]"
        let records = try flexible([StoredContainer].self, json)
        #expect(try records.map { try $0.container.decode(Int.self, forKey: .id) } == Array(0..<20))
        #expect(try records.map { try $0.container.decode(String.self, forKey: .name) } == (0..<20).map { "n\($0)" })
        #expect(records.map { $0.container.allKeys.map(\.stringValue) } == Array(repeating: ["id", "name"], count: 20))
    }

    /// A tree decodes its children while the parent's container (same key type) is still in use.
    @Test func recursiveTypesReadTheirOwnObjects() throws {
        let json = #"{"value":1,"children":[{"value":2,"children":[{"value":3,"children":[]}]},{"value":4,"children":[]}],"after":5}"#
        let tree = try flexible(Tree.self, json)
        #expect(tree.values == [1, 2, 3, 4])
        #expect(tree.after == 5)
        #expect(tree.children[0].after == nil)
    }

    /// Values read from a container after nested objects of the same type were decoded, with coding paths
    /// of errors thrown then.
    @Test func errorsAfterNestedDecodesKeepTheirPath() throws {
        let json = #"{"value":1,"children":[{"value":2,"children":[]}],"after":"x"}"#
        do {
            _ = try flexible(Tree.self, json)
            Issue.record("expected a type mismatch")
        } catch {
            let (kind, path) = classify(error)
            #expect(kind == .typeMismatch)
            #expect(path == ["after"])
        }
        let nested = #"{"value":1,"children":[{"value":2,"children":[],"after":"x"}]}"#
        #expect(classify(catching { try flexible(Tree.self, nested) }).path == ["children", "Index 0", "after"])
    }

    /// Containers refer to the decoder; the decode must not leave a reference cycle behind.
    @Test func decoderIsReleasedAfterTheDecode() throws {
        let watch = DecoderWatch()
        let json = "[" + Array(repeating: #"{"id":1,"name":"a"}"#, count: 5).joined(separator: ",") + "]"
        var decoder = FlexibleJSONDecoder()
        decoder.userInfo[DecoderWatch.key] = watch
        _ = try decoder.decode([Watched].self, from: Data(json.utf8))
        #expect(watch.seen == 5)
        #expect(watch.isReleased)
    }

    /// The error thrown by `body`, or `nil`.
    private func catching(_ body: () throws -> Any) -> any Error {
        do {
            _ = try body()
            return CocoaError(.featureUnsupported)
        } catch {
            return error
        }
    }
}

/// Keeps its keyed container as a property (legal, if unusual).
private struct StoredContainer: Decodable {
    enum CodingKeys: String, CodingKey { case id, name }
    let container: KeyedDecodingContainer<CodingKeys>

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: CodingKeys.self)
    }
}

/// A tree whose `init(from:)` reads `after` only once its children (same key type) are decoded.
private struct Tree: Decodable {
    enum CodingKeys: String, CodingKey { case value, children, after }
    let value: Int
    let children: [Tree]
    let after: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        children = try container.decode([Tree].self, forKey: .children)
        value = try container.decode(Int.self, forKey: .value)
        after = try container.decodeIfPresent(Int.self, forKey: .after)
    }

    /// Values in pre-order.
    var values: [Int] { [value] + children.flatMap(\.values) }
}

/// Holds a weak reference to the decoder the records were decoded with.
///
/// `@unchecked Sendable` is safe: `state` is read and written only while `lock` is held (`NSLock`, not
/// `Mutex`, which Apple platforms have only from macOS 15 / iOS 18).
private final class DecoderWatch: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "decoderWatch")!
    private let lock = NSLock()
    private var state: (decoder: WeakDecoder?, seen: Int) = (nil, 0)

    func saw(_ decoder: any Decoder) {
        lock.withLock { state = (WeakDecoder(decoder as AnyObject), state.seen + 1) }
    }

    var seen: Int { lock.withLock { state.seen } }
    var isReleased: Bool { lock.withLock { state.decoder != nil && state.decoder?.object == nil } }
}

/// A weak reference to the decoder.
///
/// `@unchecked Sendable` is safe: `DecoderWatch` keeps its only copy behind its lock and reads and writes
/// `object` only in `withLock`, so no two threads touch the weak reference at once.
private struct WeakDecoder: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// A record that reports its decoder to the `DecoderWatch` in `userInfo`.
private struct Watched: Decodable {
    enum CodingKeys: String, CodingKey { case id, name }
    let id: Int

    init(from decoder: any Decoder) throws {
        (decoder.userInfo[DecoderWatch.key] as? DecoderWatch)?.saw(decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
    }
}
