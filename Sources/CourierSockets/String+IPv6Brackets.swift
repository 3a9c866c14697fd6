extension String {
    /// The host without the brackets of an IPv6 literal (`[::1]` → `::1`); other hosts unchanged.
    var withoutIPv6Brackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
