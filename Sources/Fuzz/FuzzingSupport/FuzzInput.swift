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
