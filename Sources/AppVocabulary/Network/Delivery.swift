import SimKernel

/// One request in flight: the reply its client waits for, and its server side (out through the
/// network, through the backend, and back).
///
/// The server side runs as steps on the simulation's clock, not as a task: it never waits for
/// anything but time. Like a real server's work, it goes on when the client gives up (its timeout
/// fires, its screen goes away, the app is killed), and its steps fall exactly where a task doing
/// the same would have slept and woken, so traces do not depend on which of the two carries it.
/// One object is the reply, its wake-up and the steps: one allocation per request.
package final class Delivery: PendingReply, SimulationStep, @unchecked Sendable {
    package enum Stage {
        /// Queued; it sets off once the work ready now has run.
        case departing
        /// On the way to the backend.
        case outbound
        /// The backend works on it (goal generation).
        case served(label: String)
        /// On the way back with the answer.
        case inbound(Result<BackendResponse, RequestError>)
        /// Dropped, or answered.
        case done
    }

    package let network: Network
    package let request: BackendRequest
    package let id: Int
    package let fate: Network.Fate
    @exclusivity(unchecked) private(set) var stage = Stage.departing

    package init(network: Network, request: BackendRequest, id: Int, fate: Network.Fate) {
        self.network = network
        self.request = request
        self.id = id
        self.fate = fate
        super.init(simulation: network.simulation)
    }

    /// What the client's wait is, for reports.
    package var answerLabel: String { "answer to request \(id)" }

    package var label: String {
        switch stage {
        case .departing: "request \(id) \(request.endpoint.rawValue) leaving"
        case .outbound: "request \(id) on the way out"
        case .served(let label): label
        case .inbound: "request \(id) on the way back"
        case .done: "request \(id) done"
        }
    }

    package func run() {
        network.onSharedExecutor(passing: self) { network, delivery in network.advance(delivery) }
    }

    /// Moves to `next`, to be run again `after` from now.
    package func move(to next: Stage, after delay: Duration, on simulation: Simulation) {
        stage = next
        simulation.schedule(self, at: simulation.now.advanced(by: delay))
    }

    package func finish() { stage = .done }
}
