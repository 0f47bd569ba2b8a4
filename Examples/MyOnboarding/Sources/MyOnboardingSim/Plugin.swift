import MyOnboarding
import AppHarness
import AppVocabulary
import Scenarios
import SimKernel

// The harness's services, as the app's own protocols: one line each.
extension SimulatedHTTPClient: HTTPClient {}
extension SimulatedDefaults: SecureStore {}
extension SimulatedDefaults: KeyValueStore {}
extension SimulatedPathMonitor: Reachability {}

/// The app's routes, actions and endpoints as scenarios and the trace name them.
enum Names {
    static let routes = RouteNames<AppRoute>([(.splash, .launch), (.welcome, .onboarding), (.email, .auth), (.code, .auth),
                                              (.goal, .onboarding), (.activation, .onboarding), (.main, .main)])
    static let getStarted = UserAction("get-started"), logIn = UserAction("log-in")
    static let typeEmail = UserAction("type-email"), sendCode = UserAction("send-code"), back = UserAction("back")
    static let typeCode = UserAction("type-code"), verify = UserAction("verify"), resend = UserAction("resend")
    static let useAnotherEmail = UserAction("use-another-email"), retry = UserAction("retry")
    static let selectGoal = UserAction("select-goal"), confirmGoal = UserAction("confirm-goal")
    static let activate = UserAction("activate"), signOut = UserAction("sign-out")

    static let sendCodeEndpoint = Endpoint("send-code"), verifyEndpoint = Endpoint("verify-code")
    static let refresh = Endpoint("refresh-session"), journey = Endpoint("journey")
    static let saveGoal = Endpoint("save-goal"), activateEndpoint = Endpoint("activate-program")
}

public struct MyOnboardingApp: AppPlugin {
    public init() {}
    public let id = AppID("my-onboarding")
    public let summary = "Email-code sign-in, a journey check, a goal and activation (seeds 002, 003)"
    public var routes: [RouteName] { Names.routes.all }

    /// What each action and request is to the user; its actions and endpoints are these, in this order.
    public var roles: AppRoles {
        AppRoles(
            actions: [(Names.getStarted, .start(returning: false)), (Names.logIn, .start(returning: true)),
                      (Names.typeEmail, .input(.email)), (Names.sendCode, .submit(.email)), (Names.back, .back),
                      (Names.typeCode, .input(.code)), (Names.verify, .submit(.code)), (Names.resend, .resend),
                      (Names.useAnotherEmail, .startOver), (Names.retry, .retry), (Names.selectGoal, .choice),
                      (Names.confirmGoal, .submit(.choice)), (Names.activate, .forward), (Names.signOut, .signOut)],
            requests: [(Names.sendCodeEndpoint, RequestRole(purpose: .sendsCode, carries: [CarriedInput(.email, key: "email")],
                                                             resendAfter: .seconds(30))),
                       (Names.verifyEndpoint, RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email"),
                                                                                       CarriedInput(.code, key: "token")])),
                       // Sent only after a 401, and awaited by what got it (the spinner stays for it).
                       (Names.refresh, RequestRole(cause: .app, purpose: .refreshesSession)),
                       (Names.journey, RequestRole(cause: .app, purpose: .journey)),
                       (Names.saveGoal, RequestRole(carries: [CarriedInput(.choice, key: "goal")])),
                       (Names.activateEndpoint, RequestRole())],
            // What each error text blames, as the store's messages say it.
            errors: [("That code didn't work", .input), ("We couldn't find an account", .input),
                     ("Couldn't send the code", .request([Names.sendCodeEndpoint])),
                     ("Failed to resend code", .request([Names.sendCodeEndpoint])),
                     ("Couldn't verify the code", .request([Names.verifyEndpoint])),
                     ("Couldn't save your goal", .request([Names.saveGoal])),
                     ("Couldn't activate your program", .request([Names.activateEndpoint])),
                     ("Couldn't connect", .connection), ("You've been signed out", .session)],
            // The address a code went to stays in the defaults until a sign-out (002 §6, 003).
            keptAcrossKills: [.email],
            // `online(_:)`: offline, a request waits up to 20 s for the connection before it fails.
            offlineWait: .seconds(20),
            // The flow's steps in order (003: "Resume from where they left off"): where a relaunch may land.
            stepOrder: [.welcome, .email, .code, .goal, .activation].map(Names.routes.route(of:)))
    }

    /// Its backend is built on MockAuth, which takes seed 003's account losses and expires access tokens.
    public var accountLosses: [AccountLoss.Kind] { [.accountDeleted, .sessionRevoked, .accessTokenExpired] }

    public var catalogue: [Mutant.Entry] {
        [Mutant.Entry(Mutant(OnboardingBug.journeyFailureGoesHome.rawValue), app: id,
                      summary: "a failed journey check after sign-in drops the user into an empty main app", source: "002 §1"),
         Mutant.Entry(Mutant(OnboardingBug.resendTimerNeverCancelled.rawValue), app: id,
                      summary: "the resend countdown is never cancelled; a second visit of the code screen counts down twice", source: "002 §5"),
         Mutant.Entry(Mutant(OnboardingBug.doubleTapVerifiesTwice.rawValue), app: id,
                      summary: "Verify has no busy guard: a double tap verifies twice", source: "000 Pitfall 10"),
         Mutant.Entry(Mutant(OnboardingBug.refusedSessionKept.rawValue), app: id,
                      summary: "a 401 on a save or the journey check, the session revoked elsewhere, reads as any failure: the dead session is kept",
                      source: "003 account loss"),
         Mutant.Entry(Mutant(OnboardingBug.expiredTokenSignsOut.rawValue), app: id,
                      summary: "an expired access token reads as a lost session: the user is signed out instead of the session refreshed",
                      source: "003 session survives until sign-out")]
    }

    public var personas: [AppPersona] {
        [AppPersona(name: "my-onboarding-new-install", summary: "the app just installed, a new user"),
         AppPersona(name: "returning-user", summary: "an account from another device, on a fresh install", returning: true,
                    setup: { random in
                        let journey = ["fresh", "goal", "complete"][Int(random.next() % 3)]
                        return AppSetup(backend: .object([("accounts", .array([.object([
                            ("email", .string("returning-user@example.com")), ("journey", .string(journey))])]))]))
                    })]
    }

    public func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] {
        setup.problems(device: NoDevice.self, backend: BackendSetup.self)
    }
    public var scenarioSchema: AppSchema {
        AppSchema(device: SchemaValue.object([("online", SchemaValue.boolean("false: start offline."))]), backend: BackendSetup.schema)
    }

    public func makeWorld(_ start: AppStart) -> any AppWorld {
        let inbox = Inbox()
        let backend = MyBackend(simulation: start.simulation, auth: MockAuth(simulation: start.simulation, inbox: inbox, roles: start.roles),
                                setup: start.setup.backend(BackendSetup.self) ?? BackendSetup())
        let bugs = Set(OnboardingBug.allCases.filter { start.mutants.contains(Mutant($0.rawValue)) })
        return AppHostWorld(
            app: id, simulation: start.simulation, backend: backend, faults: start.faults,
            routes: [.init("POST", "/auth/v1/otp", Names.sendCodeEndpoint), .init("POST", "/auth/v1/verify", Names.verifyEndpoint),
                     .init("POST", "/auth/v1/token", Names.refresh), .init("GET", "/v1/journey", Names.journey),
                     .init("PUT", "/v1/goal", Names.saveGoal), .init("POST", "/v1/program/activate", Names.activateEndpoint)],
            requestTimeout: start.requestTimeout, roles: start.roles, inbox: inbox,
            hooks: .mainActor(
                launch: { env in
                    OnboardingStore(http: env.http, keychain: env.keychain, defaults: env.defaults,
                                    reachability: env.connectivity, clock: env.clock, bugs: bugs)
                },
                screen: { store in Adapter.screen(of: store) },
                tap: { store, action, input in await Adapter.tap(store, action, input) },
                appeared: { store in await store.start() },
                signedInUser: { store in store.signedInUser }))
    }
}

struct NoDevice: Decodable {}

extension BackendSetup {
    /// `BackendSetup` as JSON Schema, for `schema` and an editor (`MyOnboardingApp.scenarioSchema`).
    static let schema = SchemaValue.object([
        ("accounts", SchemaValue.array(of: SchemaValue.object([
            ("email", SchemaValue.string("The account's address.")),
            ("journey", SchemaValue.string("How far the account got on another device: \"fresh\" (the default), \"goal\" or \"complete\".")),
        ], required: ["email"]), "Accounts on the backend before the run.")),
    ])
}
