import SimKernel
import AppVocabulary
import Scenarios
import OnboardingModel

/// The fix plan's personas: the kinds of user `explore` simulates on it when no scenario is
/// given. Its plug-in lists them (`AppPlugin.personas`) and builds their worlds.
public enum Persona: String, Sendable, CaseIterable {
    case newUser = "new-user"
    case returningUser = "returning-user"
    case midOnboardingKill = "mid-onboarding-kill"
    case reinstallWithSession = "reinstall-with-session"
    case userSwitch = "user-switch"

    /// The app the persona uses.
    public var app: AppID { .fixPlan }

    /// The persona as its app's plug-in lists it (`AppPlugin.personas`): the plug-in builds its
    /// world (`scenario(seed:swarm:user:)`), not from sections.
    public var appPersona: AppPersona { AppPersona(name: rawValue, summary: summary, returning: isReturning) }

    /// Whether the user has an account already when the persona starts.
    var isReturning: Bool {
        switch self {
        case .newUser, .midOnboardingKill: false
        default: true
        }
    }

    /// The personas of `app`, in order: what `explore --app` runs when no persona is named.
    public static func of(_ app: AppID) -> [Persona] { allCases.filter { $0.app == app } }

    public var summary: String {
        switch self {
        case .newUser: "a new user signs up and onboards to the main app"
        case .returningUser: "a returning user logs in on a new device"
        case .midOnboardingKill: "a new user force-quits mid-onboarding and resumes"
        case .reinstallWithSession: "the app is reinstalled; the keychain session survives"
        case .userSwitch: "user A signs out on a shared device; user B logs in"
        }
    }

    static let returningEmail = "back.again@example.com"
    static let firstEmail = "first@example.com"
    static let journeys: [Journey] = [.complete, Journey(intakeComplete: true, goalsComplete: true, programStatus: .draft),
                                      Journey(intakeComplete: true), .fresh]

    /// Where a persona starts: the world, the steps before the user takes over, who the user is,
    /// and who "another user" is after a sign-out (free user only).
    struct Start {
        var world = WorldConfiguration()
        var steps: [ScenarioStep] = [.launch]
        var email: String
        var returning = false
        var otherEmail: String?
    }

    /// The persona's start for `seed`, drawing from the persona's own stream (`random`).
    func start(random: inout SeededRandom, swarm: Swarm) -> Start {
        switch self {
        case .newUser, .midOnboardingKill:
            return Start(email: swarm.email)
        case .returningUser:
            var start = Start(email: Self.returningEmail, returning: true, otherEmail: swarm.email)
            start.world.backend.accounts = [.init(email: Self.returningEmail, journey: Self.journeys[random.nextInt(in: 0...2)])]
            return start
        case .reinstallWithSession:
            var start = Start(email: Self.returningEmail, returning: true, otherEmail: swarm.email)
            start.world.backend.accounts = [.init(email: Self.returningEmail, journey: Self.journeys[random.nextInt(in: 0...3)])]
            start.world.sessionEmail = Self.returningEmail
            start.steps.append(.untilIdle(max: .seconds(20)))
            return start
        case .userSwitch:
            var start = Start(email: Self.returningEmail, returning: true, otherEmail: Self.firstEmail)
            start.world.backend.accounts = [.init(email: Self.firstEmail, journey: .complete),
                                            .init(email: Self.returningEmail, journey: Self.journeys[random.nextInt(in: 0...3)])]
            start.world.sessionEmail = Self.firstEmail
            start.world.cache = [.init(email: Self.firstEmail, cache: OnboardingCache(phase: .complete))]
            start.steps += [.wait(.seconds(2)), .signOut]
            return start
        }
    }

    /// The persona's scenario for `seed`, with the swarm's faults, driven by `user`: the free
    /// user (the swarm lists its profile), or the scripted policy with the swarm's detour.
    public func scenario(seed: UInt64, swarm: inout Swarm, user: UserDriver) -> Scenario {
        guard user == .free else { return scenario(seed: seed, swarm: swarm) }
        var random = SeededRandom(seed: seed, stream: "persona")
        var start = start(random: &random, swarm: swarm)
        var driver = FreeUser(email: start.email, returning: start.returning, emphasis: self == .midOnboardingKill ? .kill : nil)
        if let other = start.otherEmail { driver.otherEmail = other }
        start.steps.append(.freeUser(driver))
        swarm.drivenBy(driver.profile(seed: seed))
        return scenario(seed: seed, start: start, swarm: swarm)
    }

    /// The persona's scenario for `seed` driven by the scripted policy, with the swarm's detour woven in.
    public func scenario(seed: UInt64, swarm: Swarm) -> Scenario {
        var random = SeededRandom(seed: seed, stream: "persona")
        var start = start(random: &random, swarm: swarm)
        var swarm = swarm
        if self == .midOnboardingKill {
            // The persona's kill, unless the swarm drew one.
            if case .kill? = swarm.detour?.value(as: FixPlanDetour.self) {} else {
                let phase: OnboardingPhase = [.intake, .processOverview, .goalReview, .programReview][random.nextInt(in: 0...3)]
                swarm.detour = DrawnDetour(FixPlanDetour.kill(at: phase, downtime: .seconds(5), corruptCache: false))
            }
        }
        start.steps += Self.weave(swarm.detour?.value(as: FixPlanDetour.self), email: start.email, returning: start.returning)
        return scenario(seed: seed, start: start, swarm: swarm)
    }

    /// The scenario of `start` with the swarm's faults and settings applied.
    private func scenario(seed: UInt64, start: Start, swarm: Swarm) -> Scenario {
        var world = start.world
        swarm.apply(to: &world)
        return Scenario(file: "persona:\(rawValue)", name: "\(rawValue) seed \(seed)", summary: summary, seed: seed,
                        strategy: .seeded, world: world, steps: start.steps)
    }

    /// The user policy's steps with the detour in the middle.
    static func weave(_ detour: FixPlanDetour?, email: String, returning: Bool) -> [ScenarioStep] {
        let drive = ScenarioStep.userPolicy(email: email, returning: returning, until: nil)
        func until(_ phase: OnboardingPhase) -> ScenarioStep { .userPolicy(email: email, returning: returning, until: phase) }
        switch detour {
        case nil: return [drive]
        case .differentEmail?: return [until(.authVerification), .action(.useDifferentEmail, input: nil, mayBeRefused: true), .wait(.seconds(1)), drive]
        case .resendCode?: return [until(.authVerification), .wait(.seconds(31)), .action(.resendCode, input: nil, mayBeRefused: true), drive]
        case .background(let phase, let length)?: return [until(phase), .background, .wait(length), .foreground, drive]
        case .kill(let phase, let downtime, let corrupt)?:
            return [until(phase), .kill, .wait(downtime)] + (corrupt ? [.corruptCache] : []) + [.launch, drive]
        case .tapThenBackground(let phase, let length)?:
            let tap: UserAction = phase == .success ? .start : .activate
            return [until(phase), .wait(.seconds(1)), .action(tap, input: nil, mayBeRefused: true), .wait(.milliseconds(5)), .background,
                    .wait(length), .foreground, drive]
        }
    }
}
