import SimKernel
import AppVocabulary
import OnboardingModel
import PickupModel

/// The pickup app's personas (seed 004): who is on the phone when the app opens.
extension Persona {
    /// The Apple ID signed in on the phone in every pickup persona.
    static let pickupAppleID = "apple.user@icloud.example"
    /// Whose session the shared phone starts with: someone else in the household.
    static let pickupHousemateID = "housemate@icloud.example"

    /// The persona's starting phone and backend: the keychain, the onboarding flag, whether the
    /// account exists, whether the phone is online at the first launch.
    func pickupStart(random: inout SeededRandom) -> (pickup: PickupConfiguration, offline: OfflineWindow?) {
        var pickup = PickupConfiguration()
        pickup.appleID = Self.pickupAppleID
        switch self {
        case .pickupSignedIn:
            pickup.accounts = [Self.pickupAppleID]
            pickup.sessionUser = Self.pickupAppleID
            pickup.hasCompletedOnboarding = true
        case .pickupSignedOut:
            pickup.accounts = [Self.pickupAppleID]
            pickup.hasCompletedOnboarding = true
        case .pickupOfflineLaunch:
            // Opened on the train: half with a session (main from the cache), half without (the wall).
            pickup.accounts = [Self.pickupAppleID]
            pickup.hasCompletedOnboarding = true
            if random.chance(Probability(0.5)) { pickup.sessionUser = Self.pickupAppleID }
            return (pickup, OfflineWindow(start: .zero, duration: .milliseconds(random.nextInt(in: 3_000...40_000))))
        case .pickupSharedPhone, .pickupUserSwitch:
            // A phone a housemate used before: their list is still kept on it. Shared phone: the
            // user signed in on it since, and their own list has not loaded yet; half the seeds
            // open it offline. User switch: the housemate is still signed in, and the user takes
            // the phone over (`pickupSwitchSteps`).
            pickup.accounts = [Self.pickupHousemateID, Self.pickupAppleID]
            pickup.keptListOf = Self.pickupHousemateID
            pickup.sessionUser = self == .pickupUserSwitch ? Self.pickupHousemateID : Self.pickupAppleID
            pickup.hasCompletedOnboarding = true
            if self == .pickupSharedPhone && random.chance(Probability(0.5)) {
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
    static let pickupSwitchSteps: [ScenarioStep] = [
        .launch, .wait(.seconds(2)), .action(.signOut, input: nil, mayBeRefused: true), .wait(.seconds(1)),
        .action(.confirmSignOut, input: nil, mayBeRefused: true), .wait(.milliseconds(500)),
    ]

    /// The pickup persona's scenario for `seed`: the free user drives (the scripted user is the
    /// free user who only goes forward), with the swarm's faults and Apple sheet outcomes.
    func pickupScenario(seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        var random = SeededRandom(seed: seed, stream: "persona")
        var (pickup, offline) = pickupStart(random: &random)
        var driver = FreeUser(email: pickup.appleID, returning: !pickup.accounts.isEmpty)
        driver.onlyForward = user == .scripted
        swarm.drivenBy(driver.profile(seed: seed).onPickup)
        var world = WorldConfiguration()
        // Offline from before the first launch until the window ends: the user need not know.
        if let offline { world.faults.offlineWindows.append(offline) }
        swarm.apply(to: &world)
        swarm.apply(to: &pickup)
        let steps = (self == .pickupUserSwitch ? Self.pickupSwitchSteps : []) + [ScenarioStep.freeUser(driver)]
        var scenario = Scenario(file: "persona:\(rawValue)", name: "\(rawValue) seed \(seed)", summary: summary, seed: seed,
                                strategy: .seeded, world: world, steps: steps)
        scenario.app = .pickup
        scenario.pickup = pickup
        return scenario
    }
}
