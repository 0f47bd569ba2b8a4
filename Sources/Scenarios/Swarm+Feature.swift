import AppVocabulary
import SimKernel

extension Swarm {
    /// A kind of knob without its parameters ("delay on generate-goals", "timeout on verify-otp",
    /// "user: kill", "device.grantsLocation: false"): what explore compares between the runs over a
    /// budget and all runs. Every app's: faults on its endpoints, latency, offline windows, account
    /// losses, the user's deviations, a system sheet's outcome, and its settings (an app's own
    /// knob is a `setting`, as the fix plan's strict backend and Reduce Motion). A watch numbers the features it
    /// meets (`BudgetWatch`), so counting them costs no string per run.
    public enum Feature: Hashable, Sendable {
        case unusualEmail, slowLatency, fastLatency, offlineWindow
        case onlyForward
        /// A drop, an error, a timeout or a delay on an endpoint.
        case fault(FaultKind, on: Endpoint)
        /// A detour of the steps, by its kind (`Detour.kind`).
        case detour(String)
        case accountLoss(AccountLoss.Kind)
        /// A deviation the free user was allowed.
        case user(UserBehaviour)
        case credentialSheet(CredentialSheetOutcome)
        /// A plug-in's knob (`SwarmKnob`): its key, with the value drawn when that is a choice
        /// (a boolean or a string); a number's value is left out, so its runs count together.
        case setting(SwarmKnob.Section, key: String, choice: String?)

        /// A fault's kind without its parameters.
        public enum FaultKind: String, Sendable {
            case drop, error, timeout, delay, goesOffline
        }

        /// The feature as reports print it.
        public var name: String {
            switch self {
            case .unusualEmail: "unusual email"
            case .slowLatency: "latency up to 1s or more"
            case .fastLatency: "latency under 1s"
            case .offlineWindow: "offline window"
            case .onlyForward: "user: only forward"
            case .fault(let kind, let endpoint): "\(kind.rawValue) on \(endpoint.rawValue)"
            case .detour(let kind): "detour: \(kind)"
            case .accountLoss(let kind): "account loss: \(kind.rawValue)"
            case .user(let behaviour): "user: \(behaviour)"
            case .credentialSheet(let outcome): "credential sheet: \(outcome.rawValue)"
            case .setting(let section, let key, let choice): "\(section.rawValue).\(key)" + (choice.map { ": \($0)" } ?? "")
            }
        }

        /// A 64-bit number for the feature, made without hashing its texts through `Hasher`:
        /// the budget watch looks each run's features up by it (and checks the feature itself on a
        /// hit, so two features that shared a number would still count apart).
        package var key: UInt64 {
            switch self {
            case .unusualEmail: 1
            case .slowLatency: 2
            case .fastLatency: 3
            case .offlineWindow: 4
            case .onlyForward: 5
            case .fault(let kind, let endpoint): Self.mixed(0x100 &+ Self.fnv1a(kind.rawValue), endpoint.fingerprint)
            case .detour(let kind): Self.mixed(0x200, Self.fnv1a(kind))
            case .accountLoss(let kind): Self.mixed(0x300, Self.fnv1a(kind.rawValue))
            case .user(let behaviour): Self.mixed(0x400, UInt64(truncatingIfNeeded: behaviour.rawValue))
            case .credentialSheet(let outcome): Self.mixed(0x500, Self.fnv1a(outcome.rawValue))
            case .setting(let section, let key, let choice):
                Self.mixed(Self.mixed(Self.mixed(0x600, Self.fnv1a(section.rawValue)), Self.fnv1a(key)),
                           choice.map { Self.fnv1a($0) } ?? 0)
            }
        }

        private static func fnv1a(_ text: String) -> UInt64 { TraceHasher.fnv1a(text) }

        private static func mixed(_ one: UInt64, _ other: UInt64) -> UInt64 {
            let product = (one ^ other &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
            return product ^ product >> 31
        }

        static func of(_ kind: FaultRule.Kind, on endpoint: Endpoint) -> Feature {
            switch kind {
            case .drop: .fault(.drop, on: endpoint)
            case .error: .fault(.error, on: endpoint)
            case .timeout: .fault(.timeout, on: endpoint)
            case .delay: .fault(.delay, on: endpoint)
            case .goesOffline: .fault(.goesOffline, on: endpoint)
            }
        }

        static func setting(_ drawn: DrawnSetting) -> Feature {
            let choice: String? = switch drawn.value {
            case .bool(let value): String(value)
            case .string(let value): value
            default: nil
            }
            return .setting(drawn.section, key: drawn.key, choice: choice)
        }
    }
}
