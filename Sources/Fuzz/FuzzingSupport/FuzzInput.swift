/// Reads option choices and pieces from a fuzz input, so one byte string drives both the flags and the text.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte (0 when the input is used up).
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A choice among `count` options taken from the next byte.
    public mutating func choice(_ count: Int) -> Int {
        Int(byte()) % max(1, count)
    }

    /// One of `options`, chosen by the next byte.
    public mutating func pick<Option>(_ options: [Option]) -> Option {
        options[choice(options.count)]
    }

    /// The bytes up to the next `separator` (or the end), consuming the separator.
    public mutating func piece(separator: UInt8 = 0) -> [UInt8] {
        let start = position
        while position < bytes.count, bytes[position] != separator { position += 1 }
        let piece = Array(bytes[start..<position])
        if position < bytes.count { position += 1 }
        return piece
    }

    /// Up to 15 cut seeds: one byte for their count, then two bytes each (see `cuts(_:within:)`).
    public mutating func cutSeeds() -> [Int] {
        (0..<choice(16)).map { _ in Int(byte()) << 8 | Int(byte()) }
    }

    /// `seeds` as sorted, distinct cut points below `count` (all 0 when `count` is 0), so one input can split
    /// the bytes read after them (and others derived from them) in the same places.
    public static func cuts(_ seeds: [Int], within count: Int) -> [Int] {
        Array(Set(seeds.map { count == 0 ? 0 : $0 % count })).sorted()
    }

    /// The next `count` bytes (fewer when the input ends first).
    public mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }
}
