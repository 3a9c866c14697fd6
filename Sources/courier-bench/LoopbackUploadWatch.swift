import Courier
import Foundation

/// The multipart upload row: sends the form over `SocketTransport` while a watcher samples, every 100 ms, the
/// files under the temporary directory and nginx's body-temp directory, the regular files this process has open
/// besides the source, and the free space of the disk — so a temporary copy of the body, even one deleted at
/// once, shows up. nginx's access log for the location gives the bytes it received.
enum LoopbackUploadWatch {
    /// What the watcher saw: the highest counts and the lowest free space.
    struct Observation: Sendable {
        var temporaryFiles = 0
        var nginxBodyFiles = 0
        var otherOpenFiles = 0
        var otherOpenFileNames: Set<String> = []
        var freeBytes = Int64.max
    }

    /// Sends `endpoint` to nginx's upload location while watching; reports MB/s, RSS and what the watcher saw.
    static func upload(_ options: LoopbackOptions, _ endpoint: LoopbackTransfers.MultipartUpload) async throws -> LoopbackResult {
        let client = NetworkClient(baseURL: options.httpBaseURL, configuration: .init(
            retryPolicy: .never, transport: try LoopbackClients.socketTransport(options)))
        let temporary = FileManager.default.temporaryDirectory
        let nginxBody = URL(fileURLWithPath: options.directory).appendingPathComponent("temp/body")
        let source = endpoint.file.resolvingSymlinksInPath().path
        let before = Observation(
            temporaryFiles: fileCount(temporary), nginxBodyFiles: fileCount(nginxBody), freeBytes: freeBytes(options.directory))
        let logLines = uploadLog(options).count
        let watched = LockedState(before)
        let watcher = Task {
            while !Task.isCancelled {
                let open = openRegularFiles().filter { $0 != source }
                let temporaryFiles = fileCount(temporary), bodyFiles = fileCount(nginxBody), free = freeBytes(options.directory)
                watched.withLock { seen in
                    seen.temporaryFiles = max(seen.temporaryFiles, temporaryFiles)
                    seen.nginxBodyFiles = max(seen.nginxBodyFiles, bodyFiles)
                    seen.otherOpenFiles = max(seen.otherOpenFiles, open.count)
                    seen.otherOpenFileNames.formUnion(open)
                    seen.freeBytes = min(seen.freeBytes, free)
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        var result = LoopbackResult()
        let (start, cpuStart) = LoopbackTransfers.begin(&result)
        let task = client.upload(endpoint)
        var sent: Int64 = 0
        for await progress in task.progress { sent = progress.completedBytes }
        let response = try await task.value
        LoopbackTransfers.end(&result, start: start, cpuStart: cpuStart)
        watcher.cancel()
        _ = await watcher.result
        let seen = watched.withLock { $0 }

        result["status"] = Double(response.statusCode)
        result["bytes"] = Double(sent)
        result["file_bytes"] = Double(DownloadBenchmarks.fileSize(endpoint.file) ?? -1)
        result["server_bytes"] = Double(await serverReceivedBytes(options, linesBefore: logLines) ?? -1)
        result["temporary_files_added"] = Double(seen.temporaryFiles - before.temporaryFiles)
        result["nginx_body_files_added"] = Double(seen.nginxBodyFiles - before.nginxBodyFiles)
        result["other_open_files"] = Double(seen.otherOpenFiles)
        result["disk_used_mib"] = Double(max(0, before.freeBytes - seen.freeBytes)) / 1_048_576
        if !seen.otherOpenFileNames.isEmpty { print("open during the upload: " + seen.otherOpenFileNames.sorted().joined(separator: ", ")) }
        return result
    }

    /// Regular files under `directory`, at any depth.
    static func fileCount(_ directory: URL) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return 0 }
        var count = 0
        while walker.nextObject() != nil {
            if (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory { count += 1 }
        }
        return count
    }

    /// The regular files this process has open beyond its standard streams (targets of /proc/self/fd links that are paths; deleted files
    /// keep their path with " (deleted)").
    static func openRegularFiles() -> [String] {
        let manager = FileManager.default
        guard let descriptors = try? manager.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        // 0, 1 and 2 are the inherited standard streams (possibly redirected to a file).
        return descriptors.filter { Int($0).map { $0 > 2 } ?? false }
            .compactMap { try? manager.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
            .filter { $0.hasPrefix("/") && !$0.hasPrefix("/dev/") && !$0.hasPrefix("/proc/") }
    }

    /// Free bytes on the file system holding `path`.
    static func freeBytes(_ path: String) -> Int64 {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return 0 }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    /// The lines of nginx's upload log (`$request_length $request_time $status`, one per finished upload).
    static func uploadLog(_ options: LoopbackOptions) -> [Substring] {
        let log = URL(fileURLWithPath: options.directory).appendingPathComponent("upload.log")
        return ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// `$request_length` of the upload log's line after the first `linesBefore` (nginx writes it once it has
    /// read the whole body), waiting up to three seconds for it.
    static func serverReceivedBytes(_ options: LoopbackOptions, linesBefore: Int) async -> Int? {
        for _ in 0..<30 {
            let lines = uploadLog(options)
            if lines.count > linesBefore { return lines[linesBefore].split(separator: " ").first.flatMap { Int($0) } }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }
}
