import Foundation

/// The CPU time nginx's worker processes have used so far, read from /proc (Linux): the children of the master
/// whose pid is in `<dir>/nginx.pid`. `courier-bench loopback` reads it around each worker run, so every GET row
/// also says what the server spent per request.
enum NginxUsage {
    /// User + system seconds of nginx's workers, or nil when /proc or the pid file cannot be read.
    static func workerCPUSeconds(directory: String) -> Double? {
        guard let text = try? String(contentsOfFile: directory + "/nginx.pid", encoding: .utf8),
              let master = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let children = try? String(contentsOfFile: "/proc/\(master)/task/\(master)/children", encoding: .utf8) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var total = 0.0
        for pid in children.split(separator: " ").compactMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            // /proc/<pid>/stat: "pid (comm) state …"; utime and stime are fields 14 and 15, i.e. the 12th and 13th
            // after the closing parenthesis.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            total += (user + system) / ticks
        }
        return total
    }
}
