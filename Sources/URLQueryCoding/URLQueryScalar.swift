import Foundation

/// A value `URLQueryWriter` writes as one query value, formatted as the encoder's strategies say
/// (the same text `Encodable` gives it): strings, integers, `Bool`, `Double`, `Float`, `Date`, `URL`,
/// `UUID`, `Data` and `Decimal` conform. Lets `URLQueryWriter.write(_:)` take optionals and arrays of them.
public protocol URLQueryScalar: Encodable {
    /// Writes the value as the current field's value (through one of the writer's scalar `write`s).
    func writeQueryScalar(to writer: inout URLQueryWriter) throws
}

extension String: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(self) }
}

extension Bool: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(bool: self) }
}

extension Double: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { try writer.writeLeaf(double: self) }
}

extension Float: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { try writer.writeLeaf(float: self) }
}

extension Date: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws {
        if try writer.writeLeaf(iso8601: self) { return }
        writer.writeLeaf(try writer.context.format(self, codingPath: { [] }))
    }
}

extension URL: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(absoluteString) }
}

extension UUID: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(uuidString) }
}

extension Data: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(try writer.context.format(self)) }
}

extension Decimal: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws {
        writer.writeLeaf(try writer.context.format(self, codingPath: { [] }))
    }
}

extension Int: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: self) }
}

extension Int8: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension Int16: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension Int32: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension Int64: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension UInt: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(anyInteger: self) }
}

extension UInt8: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension UInt16: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension UInt32: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(integer: Int(self)) }
}

extension UInt64: URLQueryScalar {
    public func writeQueryScalar(to writer: inout URLQueryWriter) throws { writer.writeLeaf(anyInteger: self) }
}
