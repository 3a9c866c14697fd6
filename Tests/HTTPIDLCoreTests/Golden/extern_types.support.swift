// Compiled together with extern_types.swift by Scripts/interop-idl-compile.sh.
import Foundation

public struct Money: Codable, Sendable, Equatable {
    public var cents: Int
}
