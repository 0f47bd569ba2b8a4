import Foundation
import Observation
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// The smallest app with a session, written with the adapters a team's glue uses: its routes in a
/// `RouteNames` table, its actions and endpoints read from its roles, its backend an `AppBackend`
/// answering JSON, and its session reported through `signedInUser` (the host records each
/// change). Sign in asks the backend for a session for the address typed and keeps it in the
/// keychain (its bytes, as a keychain item is); a relaunch restores it; Sign out forgets it and
/// empties the field. The field starts with the address last typed, kept in the defaults.
@MainActor @Observable final class LatchModel {
    enum Place: String, Sendable { case outside, inside }
    private(set) var user: String?
    private(set) var busy = false
    private(set) var error: String?
    var email = ""
    var place: Place { user == nil ? .outside : .inside }
    @ObservationIgnored let http: SimulatedHTTPClient
    @ObservationIgnored let keychain: SimulatedDefaults
    @ObservationIgnored let connectivity: SimulatedPathMonitor
    @ObservationIgnored let clock: any Clock<Duration>

    /// The bug: Sign out forgets the user on screen but leaves the session in the keychain.
    @ObservationIgnored let keepsTheSession: Bool

    init(_ environment: AppEnvironment, keepsTheSession: Bool = false) {
        self.keepsTheSession = keepsTheSession
        http = environment.http
        keychain = environment.keychain
        connectivity = environment.connectivity
        clock = environment.clock
        user = keychain.read("user").map { String(decoding: $0, as: UTF8.self) }
        email = environment.defaults.string(forKey: "lastEmail") ?? ""
    }

    func signIn() async {
        busy = true
        error = nil
        defer { busy = false }
        // Offline, wait a while for the connection behind the spinner, as the door does.
        var waited = Duration.zero
        while !connectivity.isOnline && waited < .seconds(10) {
            do { try await clock.sleep(for: .milliseconds(500)) } catch { return }
            waited += .milliseconds(500)
        }
        let body = (try? JSONSerialization.data(withJSONObject: ["email": email])) ?? Data()
        guard let answer = try? await http.data(method: "POST", path: "/session", headers: [:], body: body),
              let user = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["user"] as? String else {
            error = "Couldn't sign in. Try again."
            return
        }
        keychain.write(Data(user.utf8), for: "user")
        self.user = user
    }

    func signOut() {
        if !keepsTheSession { keychain.delete("user") }
        user = nil
        email = ""
    }
}

struct LatchApp: AppPlugin {
    static let app = AppID("latch")
    static let routeNames = RouteNames<LatchModel.Place>([(.outside, .auth), (.inside, .main)])
    static let signIn = UserAction("sign-in"), signOut = UserAction("sign-out"), session = Endpoint("session")
    static let typeEmail = UserAction("type-email")

    let id = LatchApp.app
    let summary = "a latch that keeps its session in the keychain"
    var routes: [RouteName] { Self.routeNames.all }
    let roles = AppRoles(actions: [(LatchApp.typeEmail, .input(.email)), (LatchApp.signIn, .submit(.email)), (LatchApp.signOut, .signOut)],
                         requests: [(LatchApp.session, RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email")]))])
    static let keepsTheSession = Mutant("latch-sign-out-keeps-the-session")
    let catalogue = [Mutant.Entry(LatchApp.keepsTheSession, app: LatchApp.app, summary: "Sign out leaves the session in the keychain",
                                  source: "004: Sign Out clears Keychain")]

    func makeWorld(_ start: AppStart) -> any AppWorld {
        let keeps = start.mutants.contains(Self.keepsTheSession)
        return AppHostWorld(app: id, simulation: start.simulation, backend: LatchServer(simulation: start.simulation),
                     faults: start.faults, routes: [.init("POST", "/session", Self.session)], requestTimeout: start.requestTimeout,
                     roles: start.roles,
                     hooks: .mainActor(launch: { environment in LatchModel(environment, keepsTheSession: keeps) },
                                       screen: { model in
                                           var state = ScreenState(route: Self.routeNames.route(of: model.place))
                                           state.actions = model.busy ? [] : model.user == nil ? [Self.typeEmail, Self.signIn] : [Self.signOut]
                                           if model.user == nil { state.emailField = model.email }
                                           state.spinner = model.busy ? "signing-in" : nil
                                           state.errorText = model.error
                                           return state
                                       },
                                       tap: { model, action, input in
                                           switch action {
                                           case Self.typeEmail: model.email = input ?? ""
                                           case Self.signIn: await model.signIn()
                                           default: model.signOut()
                                           }
                                       },
                                       signedInUser: { model in model.user }))
    }
}

/// Issues a session to the address the request carries (the user is their address).
actor LatchServer: AppBackend {
    let simulation: Simulation
    let auth: MockAuth? = nil
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
    init(simulation: Simulation) { self.simulation = simulation }

    func answer(_ request: AppRequest, user: String?) -> AppReply {
        guard request.endpoint == LatchApp.session, let email = request.json["email"] as? String, !email.isEmpty else {
            return .json(request.endpoint == LatchApp.session ? 400 : 404, ["msg": "no address or no route"])
        }
        return .json(200, ["user": email, "expires": 3600])
    }
}
