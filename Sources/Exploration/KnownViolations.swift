/// Violations a team has accepted for now (`explore --known FILE`): a gate adopted on an app with
/// bugs already filed goes green on its first run and red on every new one. Each entry names an
/// oracle, why it is accepted (a ticket), and optionally the persona (or scenario file) and seeds it
/// covers. A run whose every violation an entry accepts does not fail; its violations are counted
/// by entry and printed, never hidden, and an entry no run met is named so the file can shrink.
///
/// ```json
/// {"format": 1, "known": [
///   {"oracle": "noSilentDeadEnd", "reason": "APP-123: an offline list load never reloads"},
///   {"oracle": "sessionEndsOnlyAsPromised", "reason": "APP-131", "persona": "returning-user", "seeds": [17, 942]}
/// ]}
/// ```
public struct KnownViolations: Sendable, Equatable {
    /// One accepted violation: of `oracle`, in runs of `target` (any when nil), at `seeds` (any when nil).
    public struct Entry: Sendable, Equatable {
        /// The oracle's current name (a former name in the file is read as it).
        public var oracle: String
        /// Why it is accepted: a ticket, a sentence.
        public var reason: String
        /// The persona (`persona:` less) or scenario file whose runs it covers; nil: every target.
        public var target: String?
        /// The seeds it covers; nil: every seed.
        public var seeds: [UInt64]?

        public init(oracle: String, reason: String, target: String? = nil, seeds: [UInt64]? = nil) {
            self.oracle = oracle
            self.reason = reason
            self.target = target
            self.seeds = seeds
        }

        /// Whether the entry accepts a violation of `oracle` in the run of `target` at `seed`.
        func accepts(_ oracle: String, target: String, seed: UInt64) -> Bool {
            guard oracle == self.oracle else { return false }
            if let own = self.target, own != target, "persona:" + own != target { return false }
            if let seeds, !seeds.contains(seed) { return false }
            return true
        }
    }

    public var entries: [Entry]
    /// The file they came from, for what the report prints.
    public var file: String

    public init(entries: [Entry], file: String = "") {
        self.entries = entries
        self.file = file
    }

    /// No violation accepted: every one fails its run.
    public static let none = KnownViolations(entries: [])

    public var isEmpty: Bool { entries.isEmpty }

    /// The first entry that accepts a violation of `oracle` in the run of `target` at `seed`, by
    /// its position, or nil.
    public func entry(accepting oracle: String, target: String, seed: UInt64) -> Int? {
        entries.firstIndex { $0.accepts(oracle, target: target, seed: seed) }
    }
}
