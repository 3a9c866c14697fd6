#if os(Linux)
import CourierTesting
import Foundation

/// `courier-bench write-test-certificate <dir>`: writes a fresh test CA (`ca.pem`) and a server certificate for
/// 127.0.0.1 and localhost signed by it (`server.pem`, key `server.key`, mode 0600), made with CourierTesting's
/// `HeldCertificate` — for Scripts/bench-loopback.sh's nginx. A hidden helper, not a benchmark.
enum TestCertificateCommand {
    /// Writes the files into the directory in `arguments`; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            print("usage: courier-bench write-test-certificate <dir>")
            return 2
        }
        let directory = URL(fileURLWithPath: arguments[0])
        do {
            let authority = try HeldCertificate.authority(commonName: "Courier Loopback Bench CA")
            let server = try HeldCertificate.server(signedBy: authority, hosts: ["127.0.0.1", "localhost"])
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(authority.certificatePEM.utf8).write(to: directory.appendingPathComponent("ca.pem"))
            try Data(server.certificatePEM.utf8).write(to: directory.appendingPathComponent("server.pem"))
            let key = directory.appendingPathComponent("server.key")
            try Data(server.privateKeyPEM.utf8).write(to: key)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
            print("wrote ca.pem, server.pem and server.key to \(directory.path)")
            return 0
        } catch {
            print("write-test-certificate: \(error)")
            return 1
        }
    }
}
#endif
