import Foundation

/// IDN host names in their ASCII form: labels with non-ASCII characters become `xn--` + Punycode (RFC 3492).
///
/// Labels are lowercased and put in Unicode normalization form C first; the rest of UTS #46 mapping (width
/// folding, deviation characters, validity checks) is not done — enough to compare the public suffix list's
/// Unicode rules with the punycode hosts URLs carry.
package enum Punycode {
    /// `domain` with each non-ASCII label encoded (`bücher.example` → `xn--bcher-kva.example`), lowercase.
    package static func asciiDomain(_ domain: String) -> String {
        domain.split(separator: ".", omittingEmptySubsequences: false).map { label in
            let lowered = label.lowercased()
            guard lowered.unicodeScalars.contains(where: { !$0.isASCII }) else { return lowered }
            return "xn--" + encode(lowered.precomposedForm)
        }.joined(separator: ".")
    }

    /// RFC 3492 §6.3: the Punycode encoding of `label` (without the `xn--` prefix).
    package static func encode(_ label: String) -> String {
        let input = label.unicodeScalars.map(\.value)
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n: UInt32 = 128
        var delta: UInt32 = 0
        var bias: UInt32 = 72
        var handled = basicCount
        while handled < input.count {
            let next = input.filter { $0 >= n }.min() ?? n
            delta &+= (next - n) &* UInt32(handled + 1)
            n = next
            for scalar in input {
                if scalar < n { delta &+= 1 }
                guard scalar == n else { continue }
                var q = delta
                var k: UInt32 = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, count: UInt32(handled + 1), first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta &+= 1
            n &+= 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26

    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
    }

    /// RFC 3492 §6.1.
    private static func adapt(_ delta: UInt32, count: UInt32, first: Bool) -> UInt32 {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + 38)
    }
}

extension String {
    /// Unicode normalization form C (Foundation's `precomposedStringWithCanonicalMapping`).
    fileprivate var precomposedForm: String { precomposedStringWithCanonicalMapping }
}
