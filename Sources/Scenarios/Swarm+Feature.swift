import AppVocabulary

extension Swarm {
    /// A kind of knob without its parameters ("slow goal generation", "timeout on verify-otp",
    /// "user: kill"), numbered from 0 to `count - 1` so that counts of them are plain arrays.
    public enum Feature {
        static let unusualEmail = 0, slowLatency = 1, fastLatency = 2, offlineWindow = 3, slowGoals = 4
        static let reduceMotion = 5, notificationsDenied = 6, strictBackend = 7, onlyForward = 8
        private static let faultKinds = ["drop", "error", "timeout", "delay"]
        private static let detours = ["different email", "resend", "background", "kill", "tap then background"]
        private static let faults = 16
        private static let failedActivations = faults + faultKinds.count * Endpoint.allCases.count
        private static let detourStart = failedActivations + Endpoint.allCases.count
        private static let accountLossStart = detourStart + detours.count
        private static let userStart = accountLossStart + AccountLoss.Kind.allCases.count
        private static let appleSheetStart = userStart + UserBehaviour.allCases.count
        /// How many features there are.
        public static let count = appleSheetStart + AppleSheetOutcome.allCases.count
        /// Every feature number.
        public static var all: Range<Int> { 0..<count }

        /// Nil for an endpoint of a plug-in app: the table numbers the bundled apps' only.
        static func fault(_ kind: FaultRule.Kind, on endpoint: Endpoint) -> Int? {
            guard let endpointIndex = endpointIndex(endpoint) else { return nil }
            let kindIndex: Int
            switch kind {
            case .drop: kindIndex = 0
            case .error: kindIndex = 1
            case .timeout: kindIndex = 2
            case .delay: kindIndex = 3
            }
            return faults + kindIndex * Endpoint.allCases.count + endpointIndex
        }

        static func failedActivation(_ endpoint: Endpoint) -> Int? { endpointIndex(endpoint).map { failedActivations + $0 } }

        static func detour(_ detour: Detour) -> Int { detourStart + detours.firstIndex(of: detour.kind)! }

        static func accountLoss(_ kind: AccountLoss.Kind) -> Int { accountLossStart + AccountLoss.Kind.allCases.firstIndex(of: kind)! }

        static func user(_ behaviour: UserBehaviour) -> Int { userStart + behaviour.rawValue }

        static func appleSheet(_ outcome: AppleSheetOutcome) -> Int {
            appleSheetStart + AppleSheetOutcome.allCases.firstIndex(of: outcome)!
        }

        private static func endpointIndex(_ endpoint: Endpoint) -> Int? { Endpoint.allCases.firstIndex(of: endpoint) }

        /// What a feature number stands for, as reports print it.
        public static func name(_ feature: Int) -> String {
            switch feature {
            case unusualEmail: return "unusual email"
            case slowLatency: return "latency up to 1s or more"
            case fastLatency: return "latency under 1s"
            case offlineWindow: return "offline window"
            case slowGoals: return "slow goal generation"
            case reduceMotion: return "reduce motion"
            case notificationsDenied: return "notifications denied"
            case strictBackend: return "strict backend"
            case onlyForward: return "user: only forward"
            case faults..<failedActivations:
                let offset = feature - faults
                return "\(faultKinds[offset / Endpoint.allCases.count]) on \(Endpoint.allCases[offset % Endpoint.allCases.count].rawValue)"
            case failedActivations..<detourStart: return "failed activation (\(Endpoint.allCases[feature - failedActivations].rawValue))"
            case detourStart..<accountLossStart: return "detour: \(detours[feature - detourStart])"
            case accountLossStart..<userStart: return "account loss: \(AccountLoss.Kind.allCases[feature - accountLossStart].rawValue)"
            case userStart..<appleSheetStart: return "user: \(UserBehaviour.allCases[feature - userStart])"
            case appleSheetStart..<count: return "apple sheet: \(AppleSheetOutcome.allCases[feature - appleSheetStart].rawValue)"
            default: return "feature \(feature)"
            }
        }
    }
}
