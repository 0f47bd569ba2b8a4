import Foundation
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios
import Oracles
import TrendyOnboarding

// The one-line adapters: the harness's services are the app's own dependencies.
extension SimulatedHTTPClient: TrendyHTTPClient {}
extension SimulatedDefaults: TrendyDefaults {}
extension SimulatedPathMonitor: TrendyConnectivity {}

/// The system as the app sees it in a run: the harness's prompts and settings.
struct TrendySystemAdapter: TrendySystem {
    let environment: AppEnvironment
    func requestPermission(_ permission: String) async -> Bool { await environment.requestPermission(permission) }
    var reduceMotion: Bool { environment.system.reduceMotion }
    func now() -> Date { environment.clock.date() }
}

/// Seed 001's Trendy onboarding as a plug-in: its screens, buttons, endpoints and the seeds' bugs
/// put back, run by `AppHost` from the app's own `OnboardingViewModel`.
public struct TrendyApp: AppPlugin {
    public static let app = AppID("trendy")

    public let id = TrendyApp.app
    public let summary = "seed 001's Trendy onboarding: welcome, sign-up, permission cards, finish"
    public let routes: [RouteName] = [RouteName("launch", kind: .launch)]
        + OnboardingViewModel.Step.allCases.map { RouteName($0.rawValue, kind: $0 == .signUp ? .auth : .onboarding) }
        + [RouteName("home", kind: .main)]
    public let actions = TrendyApp.actionNames.map { UserAction($0) }
    /// Forward first: Enable before Not Now.
    public let forwardActions = ["get-started", "sign-up", "enable-notifications", "enable-location", "finish"].map { UserAction($0) }
    public let endpoints = [TrendyApp.signUp, TrendyApp.profile, TrendyApp.home]
    /// What the oracles read of the buttons and requests: the email field, Sign up sending what
    /// it holds, the welcome's start, and the sign-up request carrying the address in its body.
    public let roles = AppRoles(
        actions: [(UserAction("get-started"), .start(returning: false)), (UserAction("type-email"), .input(.email)),
                  (UserAction("sign-up"), .submit(.email)), (UserAction("not-now"), .decline)],
        requests: [(TrendyApp.signUp, RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email")])),
                   (TrendyApp.profile, RequestRole(cause: .app)), (TrendyApp.home, RequestRole(cause: .app))],
        errors: [("No connection", .connection), ("Couldn't create your account", .request([TrendyApp.signUp])),
                 ("Couldn't finish setting up", .request([TrendyApp.profile]))],
        // `connection()`: an offline Sign up or Finish waits up to 20 s for the connection behind its spinner.
        offlineWait: .seconds(20),
        // 001's cards in order: a relaunch lands on the card the user was on, not past it.
        stepOrder: OnboardingViewModel.Step.allCases.map { Route.named(RouteName($0.rawValue, kind: $0 == .signUp ? .auth : .onboarding)) })
    public let catalogue = TrendyMutants.all.map(\.entry)
    /// The promises every app makes (the sign-up form's email check among them: 000 Pitfall 11's
    /// `isFormValid`, judged by 002 §12's rule through the roles above), and seed 001's own: the
    /// prompts, the celebration, the user's place, the backend's record, onboarding once per install.
    public var oracles: [any Oracle] {
        OracleCatalogue.shared + [
            SystemPromptAfterItsCard(), CelebrationOnFinish(), ResumesWhereTheUserWas(), FlowFollowsTheBackend(), EveryCardInOrder(),
            OnboardingOncePerInstall(pastOnboarding: [.main], flag: OnboardingViewModel.completeKey, promise: "seed 001"),
        ]
    }
    public var personas: [AppPersona] {
        [AppPersona(name: "trendy-new-install", summary: "Trendy just installed: onboarding from the welcome screen"),
         AppPersona(name: "trendy-returning", summary: "Trendy with onboarding done on this phone: home at once", returning: true,
                    setup: { _ in AppSetup(device: .object([(key: "onboardingComplete", value: .bool(true))])) }),
         AppPersona(name: "trendy-reduce-motion", summary: "a new install on a phone with Reduce Motion on",
                    setup: { _ in AppSetup(device: .object([(key: "reduceMotion", value: .bool(true))])) })]
    }

    /// What `explore` varies of the phone from seed to seed: Reduce Motion (000 Pitfall 8), and
    /// "Don't Allow" at either system prompt (001's notification, then location, prompts).
    public var swarmKnobs: [SwarmKnob] {
        [.flag(.device, "reduceMotion", chance: Probability(0.3)),
         .flag(.device, "grantsNotifications", to: .bool(false), chance: Probability(0.25)),
         .flag(.device, "grantsLocation", to: .bool(false), chance: Probability(0.25))]
    }

    static let actionNames = ["get-started", "type-email", "sign-up", "enable-notifications", "enable-location", "not-now", "finish"]
    static let signUp = Endpoint("sign-up"), profile = Endpoint("profile"), home = Endpoint("home")
    static let routes: [SimulatedHTTPClient.Route] = [
        .init("POST", "/auth/signup", signUp), .init("GET", "/profiles/me", profile), .init("PATCH", "/profiles/me", profile),
        .init("GET", "/home", home),
    ]

    public init() {}

    public func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] {
        setup.problems(device: TrendyDevice.self, backend: NoSettings.self)
    }
    public var scenarioSchema: AppSchema { AppSchema(device: TrendyDevice.schema, backend: SchemaValue.object([])) }

    public func makeWorld(_ start: AppStart) -> any AppWorld {
        let device = start.setup.device(TrendyDevice.self) ?? TrendyDevice()
        let bugs = TrendyMutants.bugs(start.mutants)
        let world = AppHostWorld(app: id, simulation: start.simulation, backend: TrendyBackend(simulation: start.simulation),
                                 faults: start.faults, routes: Self.routes, requestTimeout: start.requestTimeout, roles: start.roles,
                                 system: SimulatedSystem(answers: device.answers, reduceMotion: device.reduceMotion ?? false),
                                 hooks: Self.hooks(bugs: bugs))
        if device.onboardingComplete == true { world.device.defaults.set(true, forKey: OnboardingViewModel.completeKey) }
        return world
    }

    /// The team's adapter: the view model built at each launch, read as a screen, and tapped.
    static func hooks(bugs: TrendyBugs) -> AppHost<OnboardingViewModel>.Hooks {
        .mainActor(launch: { environment in
                  let model = OnboardingViewModel(http: environment.http, defaults: environment.defaults,
                                                  system: TrendySystemAdapter(environment: environment),
                                                  connectivity: environment.connectivity, clock: environment.clock, bugs: bugs)
                  return model
              },
              screen: TrendyScreen.state(of:),
              tap: { model, action, input in
                  switch action.rawValue {
                  case "get-started": await model.getStarted()
                  case "type-email": model.email = input ?? ""
                  case "sign-up": await model.signUp()
                  case "enable-notifications": await model.enable(.notifications)
                  case "enable-location": await model.enable(.location)
                  case "not-now": await model.notNow()
                  case "finish": await model.finish()
                  default: return
                  }
              },
              appeared: { model in await model.appeared() })
    }
}
