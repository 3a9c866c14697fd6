import Foundation
#if canImport(os)
import os
#endif

/// Receives what `LoggingInterceptor` records. Implement it (one method) to route Courier's logs into your
/// logging system; without one, events go to the platform's default (OSLog on Apple platforms, standard
/// error elsewhere).
public protocol NetworkLogger: Sendable {
    /// Records one event. Values of redacted headers and query parameters are already replaced. Called on the
    /// request's task, synchronously while the request runs, so hand slow work (a file, a network sink) to
    /// another task.
    func log(_ event: NetworkLogEvent)
}

/// Writes each event as text to standard error.
struct StandardErrorLogger: NetworkLogger {
    /// Creates the logger.
    init() {}

    /// Writes `event` and a newline to standard error.
    func log(_ event: NetworkLogEvent) {
        FileHandle.standardError.write(Data((event.description + "\n").utf8))
    }
}

#if canImport(os)
/// Sends each event to the unified logging system (subsystem `Courier`, category `network`).
struct OSLogNetworkLogger: NetworkLogger {
    private let logger: Logger

    /// Creates the logger.
    init(subsystem: String = "Courier", category: String = "network") {
        self.logger = Logger(subsystem: subsystem, category: category)
    }

    /// Logs `event` (failures at error level, the rest at info level).
    func log(_ event: NetworkLogEvent) {
        let text = event.description
        if case .failure = event {
            logger.error("\(text, privacy: .public)")
        } else {
            logger.info("\(text, privacy: .public)")
        }
    }
}
#endif

/// The platform's default logger: OSLog on Apple platforms, standard error elsewhere.
func defaultNetworkLogger() -> any NetworkLogger {
    #if canImport(os)
    return OSLogNetworkLogger()
    #else
    return StandardErrorLogger()
    #endif
}
