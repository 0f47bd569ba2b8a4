/// Pre-launch checks on the shipped configuration (002 §14: "Flag this as a pre-launch requirement").
public enum LaunchReadiness {
    /// Hosts that are placeholders, never real destinations (RFC 2606 and local names).
    public static let placeholderHosts = ["example.com", "example.org", "example.net", "localhost", "127.0.0.1"]

    /// Problems that block a launch, one sentence each; empty when ready.
    public static func problems(termsURL: String, privacyURL: String) -> [String] {
        [("terms of service", termsURL), ("privacy policy", privacyURL)].compactMap { name, url in
            guard let host = host(of: url) else { return "the \(name) URL '\(url)' has no host" }
            let isPlaceholder = placeholderHosts.contains { isSame(host, orSubdomainOf: $0) }
            return isPlaceholder ? "the \(name) URL '\(url)' points at the placeholder host \(host)" : nil
        }
    }

    /// The lowercased host of `url` (between `://` and the first `/`, `:`, `?` or `#`), if any.
    /// Works on UTF-8 bytes: every explored run checks the shipped configuration.
    static func host(of url: String) -> String? {
        let bytes = Array(url.utf8)
        let separator = Array("://".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let terminators = Array("/:?#".utf8)
        let host = bytes[(start + separator.count)...].prefix { !terminators.contains($0) }
        guard !host.isEmpty else { return nil }
        return String(decoding: host.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// True when `host` is `placeholder` or one of its subdomains (`www.example.com`).
    static func isSame(_ host: String, orSubdomainOf placeholder: String) -> Bool {
        let host = host.utf8, placeholder = placeholder.utf8
        guard host.count >= placeholder.count, host.reversed().starts(with: placeholder.reversed()) else { return false }
        return host.count == placeholder.count || host.dropLast(placeholder.count).last == UInt8(ascii: ".")
    }
}
