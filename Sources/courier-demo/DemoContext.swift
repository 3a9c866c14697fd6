import Courier
import CourierTesting
import Foundation

/// What every step works with: the embedded pet store, the client pointed at it, the transcript, a scratch
/// directory, and what earlier steps produced (the new pet, its photo).
final class DemoContext: Sendable {
    /// Values one step produces for a later one.
    struct Produced: Sendable {
        var createdPet: Pet?
        var photoID: String?
        var photoFile: URL?
    }

    let transcript: Transcript
    let store: PetStoreServer
    let client: NetworkClient
    /// A scratch directory for the photo that is uploaded and the file it is downloaded to.
    let directory: URL
    /// `http://127.0.0.1:<port>`.
    let origin: String
    private let produced = LockedState(Produced())

    /// Starts the pet store and builds the client: the bearer token on every request, a retry policy that
    /// honours `Retry-After`, and a `LoggingInterceptor` that writes each request into the transcript with the
    /// `Authorization` header redacted.
    init(transcript: Transcript) throws {
        self.transcript = transcript
        store = try PetStoreServer()
        origin = "http://127.0.0.1:\(store.server.port)"
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        // A network interceptor: every attempt is logged as it went on the wire, the 503 included.
        let retryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(0.2), maximumDelay: .seconds(2), deadline: .seconds(10))
        let logging = LoggingInterceptor(
            logger: TranscriptLogger(transcript: transcript, origin: origin),
            redaction: Redaction(),                              // Authorization, Cookie, … → <redacted>
            logHeaders: true)
        let configuration = NetworkClient.Configuration(
            headers: ["Authorization": "Bearer \(PetStoreServer.token)"],
            timeout: .seconds(10),
            retryPolicy: retryPolicy,
            networkInterceptors: [logging],
            cache: HTTPCache(memoryCapacity: 4 << 20))            // cookies: a jar of the client's own (the default)
        client = NetworkClient(baseURL: store.server.baseURL, configuration: configuration)
    }

    /// What earlier steps produced.
    var results: Produced {
        produced.withLock { $0 }
    }

    /// Records what a step produced.
    func record(_ change: (inout Produced) -> Void) {
        produced.withLock { change(&$0) }
    }

    /// The requests the server received for `path` (percent-decoded, without the query), in order.
    func serverRequests(path: String) -> [RecordedRequest] {
        store.server.recordedRequests.filter { $0.path == path }
    }

    /// Stops the server and removes the scratch directory.
    func finish() {
        store.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}
