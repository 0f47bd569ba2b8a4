import AppVocabulary

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
