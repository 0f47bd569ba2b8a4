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

/// The phone's storage, read and written synchronously (the keychain and UserDefaults): the
/// phone's own, and each launch's view of it (`opened(by:)`), whose writes are lost once that
/// process is killed, as the fix plan's `DeviceDisk` does.
final class PickupDisk: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    private final class Shelf {
        @exclusivity(unchecked) var storage: PickupStorage
        init(_ storage: PickupStorage) { self.storage = storage }
    }

    private let shelf: Shelf
    private let process: AppProcess?

    init(storage: PickupStorage) {
        shelf = Shelf(storage)
        process = nil
    }

    private init(shelf: Shelf, process: AppProcess) {
        self.shelf = shelf
        self.process = process
    }

    func opened(by process: AppProcess) -> PickupDisk { PickupDisk(shelf: shelf, process: process) }

    var storage: PickupStorage {
        get { shelf.storage }
        _modify {
            guard process?.isAlive ?? true else {
                var lost = shelf.storage
                yield &lost
                return
            }
            yield &shelf.storage
        }
    }
}
