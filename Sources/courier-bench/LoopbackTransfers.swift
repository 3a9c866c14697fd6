import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The 1 GiB rows of `courier-bench loopback`: downloads of nginx's `/blob.bin` to a file (raw URLSession two
/// ways, Courier over `SocketTransport`) and a multipart upload of the same file from disk to nginx's `/upload`
/// (204), watched for temporary files. Each reports the resident memory before (`rss_before_kib`) and the peak
/// during the transfer (`peak_kib`, VmHWM reset just before).
enum LoopbackTransfers {
    /// nginx's file location and upload location (Scripts/bench-loopback.sh).
    static let blobPath = "/blob.bin"
    static let uploadPath = "/upload"

    /// GET of the 1 GiB file.
    struct Blob: Endpoint {
        var method: HTTPMethod { .get }
        var path: EndpointPath { EndpointPath(LoopbackTransfers.blobPath) }
    }

    /// POST of a form with a text field and `file` as a file part (streamed from disk).
    struct MultipartUpload: MultipartAPIDefinition {
        typealias APIResponse = EmptyResponse
        let file: URL
        var path: EndpointPath { EndpointPath(LoopbackTransfers.uploadPath) }
        var multipartFormData: MultipartFormData {
            var form = MultipartFormData()
            form.append("a 1 GiB upload from disk", name: "title")
            form.append(fileAt: file, name: "file", contentType: "application/octet-stream")
            return form
        }
    }

    /// Measures one transfer side; the download is checked for its size and deleted afterwards.
    static func run(_ side: LoopbackSide, _ options: LoopbackOptions) async throws -> LoopbackResult {
        let destination = URL(fileURLWithPath: options.directory).appendingPathComponent("download-\(side.rawValue).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        let source = options.httpBaseURL.appendingPathComponent(blobPath)
        let expected = DownloadBenchmarks.fileSize(options.blobFile) ?? -1
        var result = LoopbackResult()
        let start: UInt64
        let cpuStart: Double
        switch side {
        case .downloadTask:
            let session = URLSession(configuration: .default)
            (start, cpuStart) = begin(&result)
            try await DownloadBenchmarks.rawDownload(session, source, to: destination)
        case .downloadData:
            let writer = try FileWritingDelegate(destination)
            let session = URLSession(configuration: .default, delegate: writer, delegateQueue: writer.queue)
            (start, cpuStart) = begin(&result)
            try await writer.fetch(session, source)
        case .downloadSocket:
            let client = NetworkClient(baseURL: options.httpBaseURL, configuration: .init(
                retryPolicy: .never, transport: try LoopbackClients.socketTransport(options)))
            (start, cpuStart) = begin(&result)
            _ = try await client.download(Blob(), to: destination).value
        case .streamHTTP, .streamHTTPS, .streamH2:
            return try await stream(side, options)
        case .uploadSocket:
            return try await LoopbackUploadWatch.upload(options, MultipartUpload(file: options.blobFile))
        default:
            preconditionFailure("\(side) is not a transfer")
        }
        end(&result, start: start, cpuStart: cpuStart)
        let size = DownloadBenchmarks.fileSize(destination) ?? -1
        result["bytes"] = Double(size)
        result["intact"] = size == expected ? 1 : 0
        return result
    }

    /// 1 GiB through `NetworkClient.stream`, every chunk counted and dropped: the transport's own cost, no file.
    static func stream(_ side: LoopbackSide, _ options: LoopbackOptions) async throws -> LoopbackResult {
        let base = side == .streamHTTP ? options.httpBaseURL : side == .streamHTTPS ? options.httpsBaseURL : options.h2BaseURL
        let client = NetworkClient(baseURL: base, configuration: .init(
            retryPolicy: .never, transport: try LoopbackClients.socketTransport(options, http2: side == .streamH2)))
        let expected = DownloadBenchmarks.fileSize(options.blobFile) ?? -1
        var result = LoopbackResult()
        let (start, cpuStart) = begin(&result)
        var size = 0
        for try await chunk in try await client.stream(Blob()).body { size += chunk.count }
        end(&result, start: start, cpuStart: cpuStart)
        result["bytes"] = Double(size)
        result["intact"] = size == expected ? 1 : 0
        return result
    }

    /// Records the resident memory, resets the peak and starts the clocks.
    static func begin(_ result: inout LoopbackResult) -> (UInt64, Double) {
        result["rss_before_kib"] = Double(DownloadBenchmarks.residentKiB("VmRSS") ?? 0)
        DownloadBenchmarks.resetPeakResident()
        return (DispatchTime.now().uptimeNanoseconds, LoopbackComparison.Side.processCPUSeconds())
    }

    /// Stops the clocks and records the peak.
    static func end(_ result: inout LoopbackResult, start: UInt64, cpuStart: Double) {
        result["seconds"] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        result["cpu"] = LoopbackComparison.Side.processCPUSeconds() - cpuStart
        result["peak_kib"] = Double(DownloadBenchmarks.residentKiB("VmHWM") ?? 0)
    }

    /// A URLSession data-task delegate writing every chunk to a file.
    ///
    /// `@unchecked Sendable` is safe: `continuation` is set before the task is resumed, and every delegate call
    /// (the only other access to `handle` and `continuation`) runs on `queue`, which runs one operation at a time.
    final class FileWritingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let queue = OperationQueue()
        private let handle: FileHandle
        private var continuation: CheckedContinuation<Void, any Error>?

        init(_ destination: URL) throws {
            guard FileManager.default.createFile(atPath: destination.path, contents: nil) else { throw URLError(.cannotCreateFile) }
            handle = try FileHandle(forWritingTo: destination)
            queue.maxConcurrentOperationCount = 1
        }

        /// Runs a data task for `url` and returns when it completed.
        func fetch(_ session: URLSession, _ url: URL) async throws {
            try await withCheckedThrowingContinuation { continuation in
                self.continuation = continuation
                session.dataTask(with: url).resume()
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            handle.write(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            try? handle.close()
            if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
            continuation = nil
        }
    }
}
