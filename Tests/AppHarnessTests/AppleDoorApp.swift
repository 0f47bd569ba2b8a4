import Foundation
import Observation
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// The smallest app that signs in with Apple through the harness's sheet
/// (`AppEnvironment.appleIDCredential()`): Sign in shows the sheet, sends its identity token to
/// `MockAuth`'s Apple exchange (found by its role) and opens the door; a cancelled sheet says
/// nothing, a failed one says so below the button.
@MainActor @Observable final class AppleDoorModel {
    private(set) var user: String?
    private(set) var busy = false
    private(set) var error: String?
    @ObservationIgnored let environment: AppEnvironment

    init(_ environment: AppEnvironment) { self.environment = environment }

    func signIn() async {
        busy = true
        error = nil
        defer { busy = false }
        let token: String
        do { token = try await environment.appleIDCredential() } catch AppleSignInError.canceled { return } catch {
            self.error = "Sign in with Apple failed."
            return
        }
        let body = (try? JSONSerialization.data(withJSONObject: ["id_token": token])) ?? Data()
        guard let answer = try? await environment.http.data(method: "POST", path: "/auth/apple", headers: [:], body: body),
              answer.status == 200,
              let session = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any],
              let user = (session["user"] as? [String: Any])?["id"] as? String else {
            self.error = "Couldn't sign in."
            return
        }
        self.user = user
    }
}

struct AppleDoorApp: AppPlugin {
    enum Place: String, Sendable { case outside, inside }
    static let routeNames = RouteNames<Place>([(.outside, .auth), (.inside, .main)])
    static let signIn = UserAction("sign-in"), apple = Endpoint("apple-sign-in")

    let id = AppID("apple-door")
    let summary = "a door opened by Sign in with Apple"
    var routes: [RouteName] { Self.routeNames.all }
    let roles = AppRoles(actions: [(AppleDoorApp.signIn, .submit(.email))],
                         requests: [(AppleDoorApp.apple, RequestRole(purpose: .signsIn, credential: .appleID))],
                         errors: [("Sign in with Apple failed", .systemSheet), ("Couldn't sign in", .request([AppleDoorApp.apple]))])
    let catalogue: [Mutant.Entry] = []

    func makeWorld(_ start: AppStart) -> any AppWorld {
        let auth = MockAuth(simulation: start.simulation, inbox: nil, roles: start.roles)
        return AppHostWorld(app: id, simulation: start.simulation, backend: AppleDoorServer(simulation: start.simulation, auth: auth),
                            faults: start.faults, routes: [.init("POST", "/auth/apple", Self.apple)],
                            requestTimeout: start.requestTimeout, roles: start.roles,
                            hooks: .mainActor(launch: { environment in AppleDoorModel(environment) },
                                              screen: { model in
                                                  var state = ScreenState(route: Self.routeNames.route(of: model.user == nil ? .outside : .inside))
                                                  state.actions = model.busy || model.user != nil ? [] : [Self.signIn]
                                                  state.spinner = model.busy ? "signing-in" : nil
                                                  state.errorText = model.error
                                                  return state
                                              },
                                              tap: { model, _, _ in await model.signIn() },
                                              signedInUser: { model in model.user }))
    }
}

actor AppleDoorServer: AppBackend {
    let simulation: Simulation
    let auth: MockAuth?
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }
    init(simulation: Simulation, auth: MockAuth) { (self.simulation, self.auth) = (simulation, auth) }

    func answer(_ request: AppRequest, user: String?) -> AppReply { .json(404, ["msg": "no route"]) }
}
