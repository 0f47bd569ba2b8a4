import Foundation
import AppHarness
import AppVocabulary
import SimKernel

/// The scenario's `backend` section: accounts that exist before the run.
struct BackendSetup: Decodable {
    struct Account: Decodable {
        var email: String
        var journey: String?   // "fresh", "goal", "complete"
    }
    var accounts: [Account]?
}

/// Our REST endpoints over the ready-made email-code auth (MockAuth answers the rest).
actor MyBackend: AppBackend {
    let simulation: Simulation
    let auth: MockAuth?
    private var goals: [String: String] = [:]
    private var active: Set<String> = []
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation, auth: MockAuth, setup: BackendSetup) {
        self.simulation = simulation
        self.auth = auth
        for account in setup.accounts ?? [] {
            let user = auth.seedAccount(email: account.email)
            if account.journey == "goal" || account.journey == "complete" { goals[user] = "Build strength" }
            if account.journey == "complete" { active.insert(user) }
            simulation.record(ModelEvent.accountSeeded(user: user, email: account.email,
                                                       journey: Self.journey(goal: goals[user] != nil, active: active.contains(user))))
        }
    }

    /// Where `user` is, as the journey endpoint answers it: on record for the oracles, which then
    /// hold the main app to a user whose journey is complete (`noSilentDeadEnd`).
    private static func journey(goal: Bool, active: Bool) -> AccountJourney {
        AccountJourney(active ? "complete" : goal ? "goal" : "fresh", isComplete: active)
    }

    func answer(_ request: AppRequest, user: String?) -> AppReply {
        guard let user else { return .json(401, ["msg": "not signed in"]) }
        switch request.endpoint {
        case Names.journey:
            return .json(200, ["program_active": active.contains(user), "goal": goals[user] ?? NSNull()])
        case Names.saveGoal:
            guard let goal = request.json["goal"] as? String else { return .json(400, ["msg": "goal missing"]) }
            goals[user] = goal
            simulation.record(ModelEvent.journeyChanged(user: user, journey: Self.journey(goal: true, active: active.contains(user))))
            return .json(200)
        case Names.activateEndpoint:
            guard goals[user] != nil else { return .json(409, ["msg": "no goal"]) }
            active.insert(user)
            simulation.record(ModelEvent.journeyChanged(user: user, journey: Self.journey(goal: true, active: active.contains(user))))
            return .json(200)
        default:
            return .json(404, ["msg": "no route"])
        }
    }
}
