import SimKernel
import AppVocabulary
import PickupModel
import Scenarios

/// The pickup app's personas (seed 004): who is on the phone when the app opens. The plug-in
/// lists them (`AppPlugin.personas`) and builds each one's typed world.
public enum PickupPersona: String, Sendable, CaseIterable {
    case newInstall = "pickup-new-install"
    case signedIn = "pickup-signed-in"
    case signedOut = "pickup-signed-out"
    case offlineLaunch = "pickup-offline-launch"
    case sharedPhone = "pickup-shared-phone"
    case userSwitch = "pickup-user-switch"

    /// The Apple ID signed in on the phone in every pickup persona.
    static let appleID = "apple.user@icloud.example"
    /// Whose session the shared phone starts with: someone else in the household.
    static let housemateID = "housemate@icloud.example"

    public var summary: String {
        switch self {
        case .newInstall: "pickup app: a new install, nobody signed in, onboarding first"
        case .signedIn: "pickup app: onboarding done and a session in the keychain"
        case .signedOut: "pickup app: onboarding done, signed out, the account exists"
        case .offlineLaunch: "pickup app: opened without a connection, with or without a session"
        case .sharedPhone: "pickup app: a phone a housemate used before, their list still on it; the user signed in since"
        case .userSwitch: "pickup app: a housemate is still signed in on the phone; the user signs them out and signs in"
        }
    }

    /// The persona as the plug-in lists it: the plug-in builds its world, not from sections.
    public var appPersona: AppPersona { AppPersona(name: rawValue, summary: summary, returning: self != .newInstall) }

    /// The persona's starting phone and backend: the keychain, the onboarding flag, whether the
    /// account exists, whether the phone is online at the first launch.
    func start(random: inout SeededRandom) -> (pickup: PickupConfiguration, offline: OfflineWindow?) {
        var pickup = PickupConfiguration()
        pickup.appleID = Self.appleID
        switch self {
        case .signedIn:
            pickup.accounts = [Self.appleID]
            pickup.sessionUser = Self.appleID
            pickup.hasCompletedOnboarding = true
        case .signedOut:
            pickup.accounts = [Self.appleID]
            pickup.hasCompletedOnboarding = true
        case .offlineLaunch:
            // Opened on the train: half with a session (main from the cache), half without (the wall).
            pickup.accounts = [Self.appleID]
            pickup.hasCompletedOnboarding = true
            if random.chance(Probability(0.5)) { pickup.sessionUser = Self.appleID }
            return (pickup, OfflineWindow(start: .zero, duration: .milliseconds(random.nextInt(in: 3_000...40_000))))
        case .sharedPhone, .userSwitch:
            // A phone a housemate used before: their list is still kept on it. Shared phone: the
            // user signed in on it since, and their own list has not loaded yet; half the seeds
            // open it offline. User switch: the housemate is still signed in, and the user takes
            // the phone over (`switchSteps`).
            pickup.accounts = [Self.housemateID, Self.appleID]
            pickup.keptListOf = Self.housemateID
            pickup.sessionUser = self == .userSwitch ? Self.housemateID : Self.appleID
            pickup.hasCompletedOnboarding = true
            if self == .sharedPhone && random.chance(Probability(0.5)) {
                return (pickup, OfflineWindow(start: .zero, duration: .milliseconds(random.nextInt(in: 3_000...40_000))))
            }
        default:
            break
        }
        return (pickup, nil)
    }

    /// The user takes over a phone the housemate is signed in on: opens the app, signs the
    /// housemate out (Sign Out, then the alert's Sign Out), and the free user goes on from the
    /// sign-in screen with the phone's own Apple ID. Either tap may meet a screen without it (a
    /// launch offline, a slow start): the free user then goes on from wherever the app is.
    static let switchSteps: [ScenarioStep] = [
        .launch, .wait(.seconds(2)), .action(.signOut, input: nil, mayBeRefused: true), .wait(.seconds(1)),
        .action(.confirmSignOut, input: nil, mayBeRefused: true), .wait(.milliseconds(500)),
    ]

    /// The pickup persona's scenario for `seed`: the free user drives (the scripted user is the
    /// free user who only goes forward), with the swarm's faults and Apple sheet outcomes.
    public func scenario(seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        var random = SeededRandom(seed: seed, stream: "persona")
        var (pickup, offline) = start(random: &random)
        var driver = FreeUser(email: pickup.appleID, returning: !pickup.accounts.isEmpty)
        driver.onlyForward = user == .scripted
        swarm.drivenBy(driver.profile(seed: seed).onPickup)
        swarm.apply(to: &pickup)
        let steps = (self == .userSwitch ? Self.switchSteps : []) + [ScenarioStep.freeUser(driver)]
        var scenario = Scenario(file: "persona:\(rawValue)", name: "\(rawValue) seed \(seed)", summary: summary, seed: seed,
                                strategy: .seeded, steps: steps)
        // Offline from before the first launch until the window ends: the user need not know.
        if let offline { scenario.faults.offlineWindows.append(offline) }
        swarm.apply(to: &scenario.faults)
        scenario.app = .pickup
        scenario.pickup = pickup
        return scenario
    }
}
