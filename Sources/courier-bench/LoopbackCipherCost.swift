import Foundation

/// What the TLS cipher alone costs on this machine, for the HTTPS download's CPU goal of issue #37: the cipher
/// nginx negotiated with Courier (Scripts/bench-loopback.sh logs `$ssl_cipher` of every `/blob.bin` request to
/// `tls.log`) and `openssl speed -evp <cipher>` at the 16 KiB block size (TLS records' size), as CPU seconds
/// for 1 GiB (`openssl speed` times user CPU).
enum LoopbackCipherCost {
    /// The `openssl speed` name of the cipher and the CPU seconds it needs for 1 GiB, or nil when unknown.
    static func perGibibyte(directory: String) -> (name: String, seconds: Double)? {
        guard let cipher = negotiatedCipher(directory: directory) else {
            print("  no TLS cipher in \(directory)/tls.log")
            return nil
        }
        guard let rate = opensslSpeed(cipher) else {
            print("  openssl speed -evp \(cipher) printed no rate")
            return nil
        }
        return (cipher, Double(1 << 30) / rate)
    }

    /// The `openssl speed -evp` name of the last cipher nginx logged for a TLS request (`TLS_AES_256_GCM_SHA384`,
    /// `ECDHE-RSA-AES128-GCM-SHA256` …), or nil.
    static func negotiatedCipher(directory: String) -> String? {
        guard let log = try? String(contentsOfFile: directory + "/tls.log", encoding: .utf8),
              let name = log.split(separator: "\n").last(where: { !$0.hasSuffix(" -") })?.split(separator: " ").last else {
            return nil
        }
        let upper = name.uppercased()
        if upper.contains("CHACHA20") { return "chacha20-poly1305" }
        for bits in ["128", "256"] where upper.contains("AES_\(bits)_GCM") || upper.contains("AES\(bits)-GCM") {
            return "aes-\(bits)-gcm"
        }
        return nil
    }

    /// Bytes per CPU second of `openssl speed -evp cipher -bytes 16384`, or nil.
    static func opensslSpeed(_ cipher: String) -> Double? {
        // "AES-256-GCM    4145300.95k": thousands of bytes per second.
        guard let output = try? LoopbackWrk.runChild(["openssl", "speed", "-evp", cipher, "-bytes", "16384", "-seconds", "3"]).output,
              let line = output.split(separator: "\n").last(where: { $0.lowercased().hasPrefix(cipher) }),
              let figure = line.split(separator: " ").last, figure.hasSuffix("k"), let thousands = Double(figure.dropLast()) else {
            return nil
        }
        return thousands * 1000
    }
}
