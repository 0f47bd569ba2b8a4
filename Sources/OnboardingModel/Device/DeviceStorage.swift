import AppVocabulary

/// The onboarding status the app caches per user (seed 001: `onboarding_complete`,
/// `onboarding_current_step`; seed 003: "Cache stores full status … not just boolean").
public struct OnboardingCache: Sendable, Equatable {
    public var phase: OnboardingPhase
    public var pendingEmail: String?
    /// `onboarding_started` was sent for this user (000 Pitfall 3's one-time guard).
    public var startedSent: Bool
    /// The sign-in in progress is a log-in of an existing account ("Log in" on intro), not a
    /// sign-up: a resumed sign-in must ask for the code with the same `shouldCreateUser` (002 §9).
    public var returningLogin: Bool

    public init(phase: OnboardingPhase, pendingEmail: String? = nil, startedSent: Bool = false,
                returningLogin: Bool = false) {
        self.phase = phase
        self.pendingEmail = pendingEmail
        self.startedSent = startedSent
        self.returningLogin = returningLogin
    }

    public var isComplete: Bool { phase == .complete }
}

/// A stored cache entry: readable, or garbage (a corrupted or truncated write).
public enum CachedValue: Sendable, Equatable {
    case valid(OnboardingCache)
    case corrupted
}

/// The signed-in session (keychain-like: survives reinstall until sign-out).
public struct Session: Sendable, Equatable {
    public var userID: String
    public var email: String
    /// Which sign-in on this device issued it (its token): a 401 for a request made with an
    /// earlier session says nothing about this one.
    public var number: Int

    public init(userID: String, email: String, number: Int = 0) {
        self.userID = userID
        self.email = email
        self.number = number
    }
}

/// One persisted item of the sync queue.
public enum SyncItem: Sendable, Equatable, CustomStringConvertible {
    case progress(user: String, phase: OnboardingPhase)
    case pushToken(user: String, token: String)
    /// An analytics event (003: the SyncQueue pattern is "same as events/event types").
    case analytics(user: String, event: String, id: String)

    /// Whose session the item is sent with.
    public var user: String {
        switch self {
        case .progress(let user, _), .pushToken(let user, _), .analytics(let user, _, _): user
        }
    }

    public var description: String {
        switch self {
        case .progress(let user, let phase): "progress(\(user),\(phase.rawValue))"
        case .pushToken(let user, _): "push-token(\(user))"
        case .analytics(let user, let event, _): "analytics(\(user),\(event))"
        }
    }
}

/// What the device keeps between launches.
///
/// | what | kill | reinstall | sign-out |
/// |---|---|---|---|
/// | onboarding cache (UserDefaults) | kept | wiped | kept (003) |
/// | session (keychain) | kept | kept | cleared |
/// | sync queue (persisted) | kept | wiped | kept |
/// | the notification prompt's answer (the phone's) | kept | wiped | kept |
public struct DeviceStorage: Sendable, Equatable {
    /// Cache entries by key (the user ID, or `anonymous` before sign-in).
    public var cache: SmallMap<CachedValue> = [:]  // looked up; iterated only through sortedCacheKeys
    public var session: Session?
    public var syncQueue: [SyncItem] = []
    /// Counts anonymous analytics identities: a new one per install, and a new one when storage
    /// is corrupted (the analytics SDK keeps its anonymous ID in the same storage).
    public var install = 1
    /// Numbers the analytics events the app logs on this device (their ids).
    public var eventsLogged = 0
    /// Counts the sessions signed in on this device (`Session.number`).
    public var sessionsIssued = 0
    /// The user's answer to the system notification prompt on this install (nil: never asked).
    /// The phone asks once per install: a later `requestAuthorization` returns this at once.
    public var notificationsAnswer: Bool?

    public init(cache: SmallMap<CachedValue> = [:], session: Session? = nil) {
        self.cache = cache
        self.session = session
    }

    public var sortedCacheKeys: [String] { cache.keys.sorted() }

    mutating func reinstall() {
        cache = [:]
        syncQueue = []
        notificationsAnswer = nil
        install += 1
    }

    mutating func corruptCache() {
        for key in sortedCacheKeys { cache[key] = .corrupted }
        install += 1
    }
}
