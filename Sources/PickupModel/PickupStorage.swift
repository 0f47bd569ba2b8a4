import SimKernel
import AppVocabulary

/// What the phone keeps for the pickup app between launches.
public struct PickupStorage: Sendable, Equatable {
    /// The keychain's session. Survives kills and, as iOS keeps a deleted app's keychain items,
    /// reinstalls too (the seed is silent; this is the platform's behaviour).
    public var session: PickupSession?
    /// `@AppStorage("hasCompletedOnboarding")`: one flag for the device, not per user; survives
    /// kills, not reinstalls (seed 004).
    public var hasCompletedOnboarding = false
    /// The main view's last loaded bookings and whose they are, which an offline launch shows
    /// ("Offline launch shows cached main view"); app data, gone at a reinstall.
    public var cachedBookings: CachedBookings?

    public init(session: PickupSession? = nil, hasCompletedOnboarding: Bool = false, cachedBookings: CachedBookings? = nil) {
        self.session = session
        self.hasCompletedOnboarding = hasCompletedOnboarding
        self.cachedBookings = cachedBookings
    }
}

/// A user's list of pickups as the phone keeps it.
public struct CachedBookings: Sendable, Equatable {
    public var user: String
    public var count: Int

    public init(user: String, count: Int) {
        self.user = user
        self.count = count
    }
}

/// A signed-in account, as the keychain holds it.
public struct PickupSession: Sendable, Equatable {
    public var user: String
    public var appleID: String

    public init(user: String, appleID: String) {
        self.user = user
        self.appleID = appleID
    }
}
