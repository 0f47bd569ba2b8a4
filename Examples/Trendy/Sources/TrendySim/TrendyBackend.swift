import SimKernel
import AppVocabulary

/// Trendy's backend, as the onboarding meets it: sign-up (Supabase in 001), the `profiles` row,
/// and home's content. What it stores it records in the trace (`backend: …`), so oracles judge
/// the app against the backend's own record, not the app's flags.
actor TrendyBackend: SimulatedServer {
    static let accountCreated = "backend: account created"
    static let onboardingComplete = "backend: profile onboarding_complete"

    let simulation: Simulation
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation) { self.simulation = simulation }

    func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        guard case .app(let call) = request else { return .answered(.failure(.status(404, "not a Trendy endpoint"))) }
        switch (call.method, call.path) {
        case ("POST", "/auth/signup"):
            simulation.record(ModelEvent.note(Self.accountCreated))
            return .answered(.success(.app(AppReply(status: 201))))
        case ("PATCH", "/profiles/me"):
            simulation.record(ModelEvent.note(Self.onboardingComplete))
            return .answered(.success(.app(AppReply(status: 200))))
        case ("GET", "/profiles/me"), ("GET", "/home"):
            return .answered(.success(.app(AppReply(status: 200))))
        default:
            return .answered(.failure(.status(404, "no route \(call.method) \(call.path)")))
        }
    }

    func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no slow work")) }
}
