import Foundation
import AppHarness
import AppVocabulary
import SimKernel

/// The pickups endpoint over the ready-made auth (`MockAuth` answers the Apple exchange and the
/// refresh, found by the roles): each user's own list.
actor UmuveBackend: AppBackend {
    let simulation: Simulation
    let auth: MockAuth?
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation, auth: MockAuth) {
        self.simulation = simulation
        self.auth = auth
    }

    func answer(_ request: AppRequest, user: String?) -> AppReply {
        guard request.endpoint == Names.pickups else { return .json(404, ["msg": "no route"]) }
        guard let user else { return .json(401, ["msg": "JWT missing"]) }
        return .json(200, ["user_id": user, "pickups": [["id": "\(user)-1", "title": "Old couch"], ["id": "\(user)-2", "title": "Garage clean-out"]]])
    }
}
