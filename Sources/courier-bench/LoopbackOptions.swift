import Foundation

/// The arguments of `courier-bench loopback` and of its workers:
/// `--http-port P --https-port Q --ca FILE --dir DIR [--requests N] [--h2-port R] [--sections a,b]`.
struct LoopbackOptions: Sendable {
    /// nginx's plain-HTTP port on 127.0.0.1.
    var httpPort = 0
    /// nginx's HTTPS port on 127.0.0.1.
    var httpsPort = 0
    /// nginx's HTTPS port with HTTP/2 (ALPN h2) on 127.0.0.1; 0: no HTTP/2 section.
    var h2Port = 0
    /// The sections to run (`LoopbackCommand.sections`); all when not given.
    var sections: Set<String>?
    /// The PEM file of the test CA that signed nginx's certificate.
    var caFile = ""
    /// The script's temporary directory: nginx's root (`www/blob.bin`) and its logs; downloads land here.
    var directory = ""
    /// GETs per side and pass.
    var requests = 10_000

    /// Parses `arguments`; a missing or malformed option is described in the thrown message.
    init(parsing arguments: [String]) throws(LoopbackUsageError) {
        var index = 0
        func value(_ name: String) throws(LoopbackUsageError) -> String {
            index += 1
            guard index < arguments.count else { throw LoopbackUsageError(message: "\(name) needs a value") }
            return arguments[index]
        }
        func number(_ name: String) throws(LoopbackUsageError) -> Int {
            let text = try value(name)
            guard let number = Int(text), number > 0 else { throw LoopbackUsageError(message: "\(name): '\(text)' is not a positive number") }
            return number
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--http-port": httpPort = try number("--http-port")
            case "--https-port": httpsPort = try number("--https-port")
            case "--ca": caFile = try value("--ca")
            case "--dir": directory = try value("--dir")
            case "--requests": requests = try number("--requests")
            case "--h2-port": h2Port = try number("--h2-port")
            case "--sections": sections = Set(try value("--sections").split(separator: ",").map(String.init))
            case let other: throw LoopbackUsageError(message: "unknown option '\(other)'")
            }
            index += 1
        }
        guard httpPort > 0, httpsPort > 0, !caFile.isEmpty, !directory.isEmpty else {
            throw LoopbackUsageError(message: "--http-port, --https-port, --ca and --dir are required")
        }
    }

    /// The same options as arguments, for a worker process.
    var arguments: [String] {
        ["--http-port", String(httpPort), "--https-port", String(httpsPort), "--ca", caFile, "--dir", directory,
         "--requests", String(requests)] + (h2Port > 0 ? ["--h2-port", String(h2Port)] : [])
    }

    /// Whether `section` is to run (and, for the HTTP/2 section, has its port).
    func runs(_ section: String) -> Bool {
        (sections?.contains(section) ?? true) && (section != "h2" || h2Port > 0)
    }

    /// `http://127.0.0.1:P`.
    var httpBaseURL: URL { URL(string: "http://127.0.0.1:\(httpPort)")! }
    /// `https://127.0.0.1:Q` (nginx's certificate names 127.0.0.1 and localhost).
    var httpsBaseURL: URL { URL(string: "https://127.0.0.1:\(httpsPort)")! }
    /// `https://127.0.0.1:R`, where nginx speaks HTTP/2 (ALPN h2) and HTTP/1.1.
    var h2BaseURL: URL { URL(string: "https://127.0.0.1:\(h2Port)")! }
    /// The 1 GiB file nginx serves at `/blob.bin` (and the upload sends).
    var blobFile: URL { URL(fileURLWithPath: directory).appendingPathComponent("www/blob.bin") }
}

/// A bad `courier-bench loopback` command line.
struct LoopbackUsageError: Error {
    /// What was wrong.
    let message: String
}
