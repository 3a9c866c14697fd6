// Courier re-exports the HTTP model, the query coder and the tolerant decoders so one `import Courier` is enough.
@_exported import CourierHTTP
@_exported import FlexibleDecoding
@_exported import URLQueryCoding
