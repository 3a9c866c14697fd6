// Courier re-exports the query coder and the tolerant decoders so one `import Courier` is enough.
@_exported import FlexibleDecoding
@_exported import URLQueryCoding
