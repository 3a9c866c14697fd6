import Testing
@testable import CourierSockets

@Suite("SHA-1 (FIPS 180 vectors)")
struct SHA1Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("FIPS 180 examples: empty, abc, the 448-bit message and a million a's", arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(Self.hex(SHA1.hash(Array(message.utf8))) == digest)
    }

    @Test("a million a's (many blocks)")
    func millionA() {
        #expect(Self.hex(SHA1.hash([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("lengths around the padding boundary (55, 56, 63, 64, 65, 119, 120 bytes)", arguments: [
        (55, "8ae2d46729cfe68ff927af5eec9c7d1b66d65ac2"), (56, "636e2ec698dac903498e648bd2f3af641d3c88cb"),
        (63, "6d942da0c4392b123528f2905c713a3ce28364bd"), (64, "c6138d514ffa2135bfce0ed0b8fac65669917ec7"),
        (65, "69bd728ad6e13cd76ff19751fde427b00e395746"), (119, "41c89d06001bab4ab78736b44efe7ce18ce6ae08"),
        (120, "d3dbd653bd8597b7475321b60a36891278e6a04a"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(Self.hex(SHA1.hash((0..<length).map { UInt8($0 % 251) })) == digest)
    }
}
