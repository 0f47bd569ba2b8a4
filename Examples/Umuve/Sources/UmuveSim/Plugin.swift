import Foundation
import UmuveApp
import AppHarness
import AppVocabulary
import Scenarios
import SimKernel
import Oracles

/// Seed 004's customer app under the simulator: its roles, its bugs, its personas and its world.
public struct UmuvePlugin: AppPlugin {
    public init() {}
    public let id = AppID("umuve")
    public let summary = "seed 004's customer app: a three-page pager, Sign in with Apple only, an auth wall, an offline banner"
    public var routes: [RouteName] { Names.routes.all }

    /// What each action and request is to the user; its actions and endpoints are these, in this order.
    public var roles: AppRoles {
        AppRoles(
            actions: [(Names.next, .forward), (Names.skip, .forward), (Names.getStarted, .start(returning: false)),
                      (Names.swipeBack, .back), (Names.signInWithApple, .forward), (Names.refresh, .retry),
                      (Names.signOut, .signOut), (Names.confirmSignOut, .confirmSignOut), (Names.cancelSignOut, .cancel)],
            requests: [(Names.appleSignIn, RequestRole(purpose: .signsIn, credential: .appleID)),
                       // "Token refresh triggered on MainTabView appear", in the background; awaited after a 401.
                       (Names.refreshSession, RequestRole(cause: .background, purpose: .refreshesSession, sentWhenMainAppears: true)),
                       (Names.pickups, RequestRole(cause: .app, purpose: .loadsContent))],
            // What each error text blames, as the store's messages say it.
            errors: [("Sign in with Apple failed", .systemSheet), ("We couldn't sign you in", .request([Names.appleSignIn])),
                     ("You were signed out", .session), ("You're offline", .offline), ("The request timed out", .connection),
                     ("Couldn't load your pickups", .request([Names.pickups]))],
            // "Offline banner overlay on MainTabView: 'You're offline'".
            offlineBanner: true)
    }

    /// The promises every app makes, and seed 004's "Onboarding (once)", which the app keeps in
    /// `@AppStorage("hasCompletedOnboarding")` (a rule any app that makes the promise configures).
    public var oracles: [any Oracle] { OracleCatalogue.shared + [OnboardingOncePerInstall()] }

    /// Its backend is built on MockAuth: account losses and expiring access tokens reach it.
    public var accountLosses: [AccountLoss.Kind] { [.accountDeleted, .sessionRevoked, .accessTokenExpired] }

    public var catalogue: [Mutant.Entry] {
        UmuveBug.allCases.map { Mutant.Entry(Mutant($0.rawValue), app: id, summary: Self.summaries[$0] ?? $0.rawValue, source: "004") }
    }

    public var personas: [AppPersona] {
        [AppPersona(name: "umuve-new-install", summary: "the app just installed, a new customer"),
         AppPersona(name: "umuve-signed-in", summary: "onboarded and signed in on this phone before; the app relaunched", returning: true,
                    setup: { _ in AppSetup(device: .object([("signedIn", .bool(true))])).withPhone(defaults: Self.onboarded) }),
         AppPersona(name: "umuve-signed-out", summary: "onboarded on this phone, signed out", returning: true,
                    setup: { _ in AppSetup().withPhone(defaults: Self.onboarded) })]
    }

    /// The phone of a customer who finished the onboarding: `@AppStorage("hasCompletedOnboarding")`,
    /// as data (`device.phone`), written before the first launch by the harness.
    static let onboarded: [(String, JSONValue)] = [("hasCompletedOnboarding", .bool(true))]

    public func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] {
        setup.problems(device: DeviceSetup.self, backend: NoSettings.self)
    }
    public var scenarioSchema: AppSchema { AppSchema(device: DeviceSetup.schema, backend: SchemaValue.object([])) }

    public func makeWorld(_ start: AppStart) -> any AppWorld {
        let auth = MockAuth(simulation: start.simulation, inbox: nil, roles: start.roles)
        let device = start.setup.device(DeviceSetup.self) ?? DeviceSetup()
        let bugs = Set(UmuveBug.allCases.filter { start.mutants.contains(Mutant($0.rawValue)) })
        let world = AppHostWorld(
            app: id, simulation: start.simulation, backend: UmuveBackend(simulation: start.simulation, auth: auth), faults: start.faults,
            routes: [.init("POST", "/auth/v1/apple", Names.appleSignIn), .init("POST", "/auth/v1/token", Names.refreshSession),
                     .init("GET", "/v1/pickups", Names.pickups)],
            requestTimeout: start.requestTimeout, roles: start.roles,
            hooks: .mainActor(
                launch: { env in
                    AppStore(http: env.http, keychain: env.keychain, defaults: env.defaults, reachability: env.connectivity,
                             clock: env.clock, apple: env, bugs: bugs)
                },
                screen: { store in Adapter.screen(of: store) },
                tap: { store, action, input in await Adapter.tap(store, action, input) },
                appeared: { store in await Adapter.appeared(store) },
                signedInUser: { store in store.userID }))
        // The keychain as an earlier sign-in left it: a session `MockAuth` issued (what
        // `@AppStorage` holds is data, `device.phone`, which the harness writes itself).
        if device.signedIn == true {
            let session = auth.seedSession(appleID: world.device.system.appleID)
            // The app's keychain item, as its `Session` encodes it.
            let stored = ["accessToken": session.accessToken, "refreshToken": session.refreshToken, "userID": session.user]
            if let data = try? JSONSerialization.data(withJSONObject: stored, options: .sortedKeys) {
                world.device.keychain.write(data, for: "umuve.session")
            }
        }
        return world
    }

    /// What each bug does to the user, as the catalogue lists it.
    static let summaries: [UmuveBug: String] = [
        .skipDoesNotFinishOnboarding: "Skip only jumps to the last page; the user still has to tap Get Started",
        .onboardingFlagNotPersisted: "finishing onboarding is not saved: it shows again on every launch",
        .onboardingSwipeBackIgnored: "swiping back to a previous page does nothing",
        .cancelShowsError: "closing the Apple sheet shows \"Sign in with Apple failed\"",
        .signInSpinnerStuck: "after a failed or cancelled sign-in the spinner stays and the button is gone",
        .backendSignInErrorSwallowed: "a failed exchange or an offline sign-in shows no message",
        .offlineLaunchShowsSignIn: "an offline launch ignores the keychain session and asks to sign in",
        .failedLoadClearsList: "a failed load takes the cached list off the screen",
        .bannerStuckAfterReconnect: "the offline banner stays after the connection is back",
        .noReloadOnReconnect: "nothing reloads when the connection is back",
        .rotatedRefreshTokenNotSaved: "the rotated refresh token is not saved: the next launch's refresh is refused",
        .noRetryAfterTokenRefresh: "after a 401 the session is refreshed but the list is not loaded again",
        .refreshFailureSignsOutOffline: "the launch refresh runs offline and any failure signs the user out",
        .signOutKeepsCachedList: "sign-out keeps the list: the next user sees it",
        .alertSurvivesForcedSignOut: "a forced sign-out with the alert up: it comes back after the next sign-in",
        .refreshResurrectsSignedOutSession: "a refresh answered after Sign Out signs the user back in",
        .staleListAfterUserSwitch: "a load in flight at sign-out shows the previous user's list",
        .duplicateRefreshRequests: "two refreshes spend one rotating token; the loser's 401 signs the user out",
        .noSignedOutMessage: "a revoked session goes to sign-in without a word why",
        .refreshOfferedOffline: "Refresh stays enabled offline and, tapped, changes nothing",
        .concurrentListLoads: "a reload on reconnect starts beside a running load: two requests, a failure never shown",
        .offlineSignInErrorStays: "the sign-in screen keeps \"You're offline\" after the connection is back",
        .signOutLeavesTheLoadRunning: "a sign-out leaves the list's request running beside the next user's load",
        .secondRefusalShowsAnError: "the list's retry after a refresh refused too (the account gone meanwhile) shows an error, no sign-out",
    ]
}

/// The scenario's `device` section: how the phone was left before the first launch.
struct DeviceSetup: Decodable {
    /// A session from an earlier sign-in is in the keychain.
    var signedIn: Bool?

    /// `DeviceSetup` as JSON Schema, for `schema` and an editor.
    static let schema = SchemaValue.object([
        ("signedIn", SchemaValue.boolean("A session from an earlier sign-in is in the keychain.")),
        ("online", SchemaValue.boolean("false: start offline.")),
    ])
}
