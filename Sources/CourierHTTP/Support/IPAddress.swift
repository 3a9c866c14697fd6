import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// IP address literals as bytes: the one place that tells an address from a host name (cookies, TLS name checks,
/// `no_proxy` ranges).
package enum IPAddress {
    /// The 4 (IPv4) or 16 (IPv6) bytes of `text` (no brackets), or `nil` when it is not an address literal.
    package static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// Whether `text` is an IPv4 or IPv6 address literal (no brackets).
    package static func isAddress(_ text: String) -> Bool {
        bytes(text) != nil
    }

    /// Whether `address` lies in the range `network/prefixLength` (`10.0.0.0/8`, `fd00::/8`); both must be the
    /// same family. A prefix longer than the address never matches.
    package static func contains(network: [UInt8], prefixLength: Int, _ address: [UInt8]) -> Bool {
        guard network.count == address.count, prefixLength >= 0, prefixLength <= network.count * 8 else { return false }
        let whole = prefixLength / 8
        guard network[..<whole] == address[..<whole] else { return false }
        let rest = prefixLength % 8
        guard rest > 0 else { return true }
        let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - rest))
        return network[whole] & mask == address[whole] & mask
    }
}
