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
    ///
    /// The port is picked by binding a probe to port 0 and closing it, so another socket may take it before
    /// nghttpd binds: nghttpd then listened on IPv6 alone, printed its `listen` line all the same, and this
    /// process's requests to 127.0.0.1 went to whoever held the port (refused, or reset when that was another
    /// test's nghttpd it killed; seen 1 start in 180). So nghttpd binds 127.0.0.1 only (`-a`), where a taken
    /// port makes it exit, and a start that does not print `listen 127.0.0.1:PORT` is tried again on another.
    init(files: [String: Data], certificate: HeldCertificate? = nil) throws {
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(to: documents.appendingPathComponent(name)) }
        let executable = try Self.executable.map { URL(fileURLWithPath: $0) } ?? { throw POSIXError(.ENOENT) }()
        var arguments = ["-v", "-a", "127.0.0.1", "--echo-upload", "-d", documents.path]
        if let certificate {
            let key = documents.appendingPathComponent("key.pem"), cert = documents.appendingPathComponent("cert.pem")
            try Data(certificate.privateKeyPEM.utf8).write(to: key)
            try Data(certificate.certificatePEM.utf8).write(to: cert)
            arguments += ["PORT", key.path, cert.path]
        } else {
            arguments.insert("--no-tls", at: 0)
            arguments.append("PORT")
        }
        scheme = certificate == nil ? "http" : "https"
        for attempt in 1...5 {
            let probe = try LoopbackListener()
            let port = probe.port
            close(probe.descriptor)
            let child = try ChildProcess.start(executable, arguments.map { $0 == "PORT" ? String(port) : $0 })
            if Self.waitForListening(child.output, on: port) || attempt == 5 {
                self.port = port
                pid = child.pid
                return
            }
            child.terminate()
        }
        preconditionFailure("unreachable: the last attempt returns")
    }

    /// Reads the child's output up to its `IPv4: listen 127.0.0.1:PORT` line (printed, `-v`, once it listens),
    /// or to its end if it exits first; returns whether it listens. A thread reads the rest of a listening
    /// child's output (`-v` goes on to log every frame, and a full pipe would block the server) and closes the
    /// pipe at the child's exit.
    private static func waitForListening(_ output: Int32, on port: UInt16) -> Bool {
        var printed = ""
        while !printed.contains("listen ") {
            let chunk = ChildProcess.read(output)
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard printed.contains("listen 127.0.0.1:\(port)") else { return false }
        Thread.detachNewThread {
            while !ChildProcess.read(output).isEmpty {}
            close(output)
        }
        return true
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
