#if os(Linux)
import Foundation
import Glibc

/// The TCP sockets this process holds open on one port, told apart from other tests' sockets (the suite runs
/// in parallel in one process) by matching /proc/self/fd against /proc/net/tcp and tcp6.
enum OpenSockets {
    /// How many of this process's descriptors are client sockets connected to `port` (remote side).
    static func count(toPort port: UInt16) -> Int {
        sockets(port: port, remoteOnly: true).count
    }

    /// `fd N: <tcp table line>` for each of this process's sockets whose local or (with `remoteOnly`) remote
    /// port is `port`, listening sockets included.
    static func sockets(port: UInt16, remoteOnly: Bool = false) -> [String] {
        let lines = tableLines(port: port, remoteOnly: remoteOnly)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        return names.compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                  target.hasPrefix("socket:["), target.hasSuffix("]"),
                  let line = lines[String(target.dropFirst(8).dropLast())] else { return nil }
            return "fd \(name): \(line)"
        }
    }

    /// The table lines, by socket inode, whose remote (or local) port is `port`.
    private static func tableLines(port: UInt16, remoteOnly: Bool) -> [String: String] {
        let hexPort = ":" + String(format: "%04X", port)
        var lines: [String: String] = [:]
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            for line in String(decoding: readAll(table), as: UTF8.self).split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count > 9 else { continue }
                if fields[2].hasSuffix(hexPort) || (!remoteOnly && fields[1].hasSuffix(hexPort)) {
                    lines[String(fields[9])] = String(line)
                }
            }
        }
        return lines
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
