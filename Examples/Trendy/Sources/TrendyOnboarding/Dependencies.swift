import Foundation

/// What the onboarding asks of the network: one HTTP call (URLSession behind it on a device).
public protocol TrendyHTTPClient: Sendable {
    func data(method: String, path: String, headers: [String: String], body: Data) async throws
        -> (status: Int, headers: [String: String], body: Data)
}

/// What the onboarding keeps on the device: `UserDefaults.standard` on a device (seed 001: "the
/// current implementation uses `UserDefaults` directly in the `OnboardingViewModel`").
public protocol TrendyDefaults: AnyObject, Sendable {
    func object(forKey key: String) -> Any?
    func string(forKey key: String) -> String?
    func bool(forKey key: String) -> Bool
    func set(_ value: Any?, forKey key: String)
    func set(_ value: Bool, forKey key: String)
}

/// Whether the phone has a connection: `NWPathMonitor` on a device.
public protocol TrendyConnectivity: AnyObject, Sendable {
    var isSatisfied: Bool { get }
    func start(_ handler: @escaping (Bool) -> Void)
}

/// The system around the app: permission prompts and Reduce Motion.
public protocol TrendySystem: Sendable {
    /// Shows the system's prompt for `permission` (`notifications`, `location`); the user's answer.
    func requestPermission(_ permission: String) async -> Bool
    var reduceMotion: Bool { get }
    /// `Date()` on a device.
    func now() -> Date
}

/// Known bugs of the seeds, switched back on by the simulator to prove its checks catch them.
/// Empty in the app as shipped.
public struct TrendyBugs: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 000 Pitfall 1: the launch shows onboarding, then checks the profile and switches to home.
    public static let launchFlash = TrendyBugs(rawValue: 1 << 0)
    /// 000 Pitfall 2: home shows its own loading view after the launch screen.
    public static let nestedLoading = TrendyBugs(rawValue: 1 << 1)
    /// 000 Pitfall 10: the sign-up button has no loading state; a double tap signs up twice.
    public static let doubleSubmit = TrendyBugs(rawValue: 1 << 2)
    /// 000 Pitfall 8; 001 celebration: the confetti ignores Reduce Motion.
    public static let motionIgnored = TrendyBugs(rawValue: 1 << 3)
    /// 000 Pitfall 6; 001 "coordinate writes with backend profile updates": a failed profile
    /// update on Finish puts the button back with no word.
    public static let silentFinish = TrendyBugs(rawValue: 1 << 4)
    /// 000 Pitfall 4; 001 permission order: the system prompt shows before its card is tapped.
    public static let promptBeforeCard = TrendyBugs(rawValue: 1 << 5)
    /// 002 §6 (send the address the user gave): a sign-up sent again after a failure sends the
    /// address of the first attempt, although the user corrected it in the field.
    public static let staleSignUpEmail = TrendyBugs(rawValue: 1 << 6)
    /// 002 §3 ("Button spins, stops, and nothing happens"): the connection goes as the request
    /// leaves, before the path monitor says so, and the failure goes straight back to the screen:
    /// the error already there comes back unchanged.
    public static let offlineAsItLeaves = TrendyBugs(rawValue: 1 << 7)
}
