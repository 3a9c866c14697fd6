#if os(Linux)
import CourierTesting
import Foundation
import Glibc

/// A running `nghttpd` (the nghttp2 project's HTTP/2 server; Debian package `nghttp2-server`) speaking HTTP/2
/// on a free loopback port, with prior knowledge over cleartext or over TLS with ALPN (given a certificate),
/// serving files from a temporary directory and echoing uploads. Stopped when released.
final class NghttpdServer {
    /// The executable, when installed.
    static let executable = ["/usr/sbin/nghttpd", "/usr/bin/nghttpd", "/usr/local/bin/nghttpd"]
        .first(where: FileManager.default.isExecutableFile(atPath:))

    let port: UInt16
    let scheme: String
    let documents = FileManager.default.temporaryDirectory.appendingPathComponent("courier-nghttpd-\(UUID().uuidString)")
    private let pid: pid_t

    /// Writes `files` (name → contents) to the document root and starts the server.
    init(files: [String: Data], certificate: HeldCertificate? = nil) throws {
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(to: documents.appendingPathComponent(name)) }
        let probe = try LoopbackListener()
        port = probe.port
        close(probe.descriptor)
        let executable = try Self.executable.map { URL(fileURLWithPath: $0) } ?? { throw POSIXError(.ENOENT) }()
        // Quiet (stdout unused): `-v` would block on a full pipe. Ready once the port accepts a connection.
        var arguments = ["--echo-upload", "-d", documents.path, String(port)]
        if let certificate {
            let key = documents.appendingPathComponent("key.pem"), cert = documents.appendingPathComponent("cert.pem")
            try Data(certificate.privateKeyPEM.utf8).write(to: key)
            try Data(certificate.certificatePEM.utf8).write(to: cert)
            arguments += [key.path, cert.path]
        } else {
            arguments.insert("--no-tls", at: 0)
        }
        scheme = certificate == nil ? "http" : "https"
        let child = try ChildProcess.start(executable, arguments)
        pid = child.pid
        close(child.output)
        var attempts = 0
        while !Self.accepts(port), attempts < 2000 {
            attempts += 1
            usleep(5000)
        }
    }

    /// Whether 127.0.0.1:`port` accepts a connection now (a refused loopback connect fails at once).
    private static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        // Safe: `address` is a sockaddr_in on the stack, passed with its own size.
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }

    /// The URL of `path` on the server.
    func url(_ path: String) -> URL {
        URL(string: "\(scheme)://127.0.0.1:\(port)\(path)")!
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        try? FileManager.default.removeItem(at: documents)
    }
}
#endif
