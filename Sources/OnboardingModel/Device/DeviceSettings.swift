import AppVocabulary

/// The device's settings that the app reads.
public struct DeviceSettings: Sendable, Equatable {
    /// Settings > Accessibility > Reduce Motion (002 §11).
    public var reduceMotion: Bool
    /// How the user answers the system notification prompt (002 §7).
    public var grantsNotifications: Bool
    /// How long restoring the session from the keychain takes at launch. The fixed app reads
    /// it before the first frame; mutant `pit-1` restores it in a separate task (000 Pitfall 1).
    public var sessionRestoreTime: Duration

    public init(reduceMotion: Bool = false, grantsNotifications: Bool = true,
                sessionRestoreTime: Duration = .milliseconds(40)) {
        self.reduceMotion = reduceMotion
        self.grantsNotifications = grantsNotifications
        self.sessionRestoreTime = sessionRestoreTime
    }
}

/// The app's configuration as shipped (002 §14: legal document URLs).
public struct AppConfig: Sendable, Equatable {
    public var termsURL: String
    public var privacyURL: String

    public init(termsURL: String = "https://legal.trainwell.app/terms",
                privacyURL: String = "https://legal.trainwell.app/privacy") {
        self.termsURL = termsURL
        self.privacyURL = privacyURL
    }

    /// 002 §14: "links to `https://example.com/terms` and `https://example.com/privacy`".
    public static let placeholders = AppConfig(termsURL: "https://example.com/terms",
                                               privacyURL: "https://example.com/privacy")
}

/// How long the client waits for answers.
public struct ClientTimeouts: Sendable, Equatable {
    /// Any request unless said otherwise.
    public var request: Duration
    /// The launch-time backend check (003: "Timeout fallback: Show onboarding if backend check
    /// fails or times out"); removed by mutant `dec-timeout`.
    public var launchCheck: Duration
    /// Goal generation, which is slow by nature.
    public var goalGeneration: Duration

    public init(request: Duration = .seconds(10), launchCheck: Duration = .seconds(3),
                goalGeneration: Duration = .seconds(30)) {
        self.request = request
        self.launchCheck = launchCheck
        self.goalGeneration = goalGeneration
    }
}
