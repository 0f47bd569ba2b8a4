/// Pre-launch checks on the shipped configuration (002 §14: "Flag this as a pre-launch requirement").
public enum LaunchReadiness {
    /// Hosts that are placeholders, never real destinations (RFC 2606 and local names).
    public static let placeholderHosts = ["example.com", "example.org", "example.net", "localhost", "127.0.0.1"]

    /// Problems that block a launch, one sentence each; empty when ready.
    ///
    /// Every explored run checks the shipped configuration, so a ready one allocates nothing.
    public static func problems(termsURL: String, privacyURL: String) -> [String] {
        var found: [String] = []
        if let problem = problem(named: "terms of service", url: termsURL) { found.append(problem) }
        if let problem = problem(named: "privacy policy", url: privacyURL) { found.append(problem) }
        return found
    }

    private static func problem(named name: String, url: String) -> String? {
        guard let host = host(of: url) else { return "the \(name) URL '\(url)' has no host" }
        let isPlaceholder = placeholderHosts.contains { isSame(host, orSubdomainOf: $0) }
        return isPlaceholder ? "the \(name) URL '\(url)' points at the placeholder host \(host)" : nil
    }

    /// The lowercased host of `url` (between `://` and the first `/`, `:`, `?` or `#`), if any.
    /// Works on the UTF-8 bytes in place.
    package static func host(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            let colon = UInt8(ascii: ":"), slash = UInt8(ascii: "/")
            guard let separator = bytes.indices.first(where: {
                $0 + 2 < bytes.count && bytes[$0] == colon && bytes[$0 + 1] == slash && bytes[$0 + 2] == slash
            }) else { return nil }
            let start = separator + 3
            var end = start
            while end < bytes.count, !endsHost(bytes[end]) { end += 1 }
            guard end > start else { return nil }
            return String(unsafeUninitializedCapacity: end - start) { host in
                for offset in 0..<(end - start) {
                    let byte = bytes[start + offset]
                    host[offset] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte  // ASCII lowercase
                }
                return end - start
            }
        }
    }

    /// `/`, `:`, `?` or `#`: where a URL's host ends.
    private static func endsHost(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "#"): true
        default: false
        }
    }

    /// True when `host` is `placeholder` or one of its subdomains (`www.example.com`).
    package static func isSame(_ host: String, orSubdomainOf placeholder: String) -> Bool {
        let host = host.utf8, placeholder = placeholder.utf8
        guard host.count >= placeholder.count, host.reversed().starts(with: placeholder.reversed()) else { return false }
        return host.count == placeholder.count || host.dropLast(placeholder.count).last == UInt8(ascii: ".")
    }
}
