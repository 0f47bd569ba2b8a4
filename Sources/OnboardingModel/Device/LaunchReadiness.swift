/// Pre-launch checks on the shipped configuration (002 §14: "Flag this as a pre-launch requirement").
public enum LaunchReadiness {
    /// Hosts that are placeholders, never real destinations (RFC 2606 and local names).
    public static let placeholderHosts = ["example.com", "example.org", "example.net", "localhost", "127.0.0.1"]

    /// Problems that block a launch, one sentence each; empty when ready.
    public static func problems(termsURL: String, privacyURL: String) -> [String] {
        [("terms of service", termsURL), ("privacy policy", privacyURL)].compactMap { name, url in
            guard let host = host(of: url) else { return "the \(name) URL '\(url)' has no host" }
            let isPlaceholder = placeholderHosts.contains { host == $0 || host.hasSuffix("." + $0) }
            return isPlaceholder ? "the \(name) URL '\(url)' points at the placeholder host \(host)" : nil
        }
    }

    static func host(of url: String) -> String? {
        let parts = url.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let terminators: Set<Character> = ["/", ":", "?", "#"]
        let host = parts[1].prefix { !terminators.contains($0) }
        return host.isEmpty ? nil : host.lowercased()
    }
}
