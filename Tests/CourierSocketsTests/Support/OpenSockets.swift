#if os(Linux)
import Foundation
import Glibc

/// The sockets this process holds open to one TCP port: the client side of connections to a test server,
/// told apart from the server's own accepted sockets and from other tests' connections (the suite runs in
/// parallel in one process) by the remote port in /proc/net/tcp and tcp6.
enum OpenSockets {
    /// How many of this process's file descriptors are TCP sockets connected to `port` on the remote side.
    static func count(toPort port: UInt16) -> Int {
        let inodes = remoteInodes(port: port)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 0 }
        return names.filter { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                  target.hasPrefix("socket:["), target.hasSuffix("]") else { return false }
            return inodes.contains(String(target.dropFirst(8).dropLast()))
        }.count
    }

    /// The inodes of sockets whose remote port is `port` (any state but LISTEN).
    private static func remoteInodes(port: UInt16) -> Set<String> {
        let hexPort = String(format: "%04X", port)
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let text = String(decoding: readAll(table), as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count > 9, fields[2].hasSuffix(":" + hexPort), fields[3] != "0A" else { continue }
                inodes.insert(String(fields[9]))
            }
        }
        return inodes
    }

    /// The whole file, read with read(2) until it returns 0: /proc tables report no size, and
    /// String(contentsOfFile:) stops short on a long one.
    private static func readAll(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
#endif
