import SimKernel
import AppVocabulary

/// Trendy's backend, as the onboarding meets it: sign-up (Supabase in 001), the `profiles` row,
/// and home's content.
actor TrendyBackend: SimulatedServer {
    let simulation: Simulation
    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    init(simulation: Simulation) { self.simulation = simulation }

    func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        guard case .app(let call) = request else { return .answered(.failure(.status(404, "not a Trendy endpoint"))) }
        switch (call.method, call.path) {
        case ("POST", "/auth/signup"): return .answered(.success(.app(AppReply(status: 201))))
        case ("GET", "/profiles/me"), ("PATCH", "/profiles/me"), ("GET", "/home"):
            return .answered(.success(.app(AppReply(status: 200))))
        default:
            return .answered(.failure(.status(404, "no route \(call.method) \(call.path)")))
        }
    }

    func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> { .failure(.status(500, "no slow work")) }
}
