import AppVocabulary

/// Everything a run of the model starts from: mutants, backend, network faults, device.
public struct WorldConfiguration: Sendable, Equatable {
    /// A cache entry the device starts with, for a user known by email.
    public struct CacheSeed: Sendable, Equatable {
        /// The account's email; `nil` for the anonymous (signed-out) slot.
        public var email: String?
        /// `nil` writes garbage: a corrupted entry.
        public var cache: OnboardingCache?

        public init(email: String?, cache: OnboardingCache?) {
            self.email = email
            self.cache = cache
        }
    }

    public var mutants: MutantSet
    public var backend: BackendConfiguration
    public var faults: FaultPlan
    public var settings: DeviceSettings
    public var appConfig: AppConfig
    public var timeouts: ClientTimeouts
    /// The email of an account whose session is in the keychain at start, if any.
    public var sessionEmail: String?
    public var cache: [CacheSeed]

    public init(mutants: MutantSet = .none, backend: BackendConfiguration = BackendConfiguration(),
                faults: FaultPlan = FaultPlan(), settings: DeviceSettings = DeviceSettings(),
                appConfig: AppConfig = AppConfig(), timeouts: ClientTimeouts = ClientTimeouts(),
                sessionEmail: String? = nil, cache: [CacheSeed] = []) {
        self.mutants = mutants
        self.backend = backend
        self.faults = faults
        self.settings = settings
        self.appConfig = appConfig
        self.timeouts = timeouts
        self.sessionEmail = sessionEmail
        self.cache = cache
    }
}
