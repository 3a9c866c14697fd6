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
        var arguments = ["-v", "--echo-upload", "-d", documents.path, String(port)]
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
        Self.waitForListening(child.output)
    }

    /// Reads the child's output up to its `IPv4: listen 0.0.0.0:PORT` line (printed, `-v`, once it listens), or
    /// to its end if it exits first (a test then fails to connect); a thread reads the rest (`-v` goes on to log
    /// every frame, and a full pipe would block the server) and closes the pipe at the child's exit.
    private static func waitForListening(_ output: Int32) {
        var printed = ""
        while !printed.contains("listen ") {
            let chunk = ChildProcess.read(output)
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        Thread.detachNewThread {
            while !ChildProcess.read(output).isEmpty {}
            close(output)
        }
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
