// Courier re-exports the HTTP model, the query coder and the tolerant decoders so one `import Courier` is enough;
// on Linux also `SocketTransport` (the default transport there), to configure it without another import.
@_exported import CourierHTTP
@_exported import FlexibleDecoding
@_exported import URLQueryCoding
#if os(Linux)
@_exported import CourierSockets
#endif
