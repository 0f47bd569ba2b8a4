import SimKernel

/// The answer to one request, completed once: by the server's response, by the client's
/// timeout, or by cancellation, whichever comes first. The waiting client is suspended on the
/// simulation with the timeout as its deadline; the response wakes it (the reply is its own
/// `Wakeup`).
package class PendingReply: Wakeup, @unchecked Sendable {
    // Confined to the simulation's driver thread, like everything in the model.
    package let simulation: Simulation
    @exclusivity(unchecked) private(set) var result: Result<BackendResponse, RequestError>?

    package init(simulation: Simulation) { self.simulation = simulation }

    /// Completes the reply; later completions are ignored (the first one won).
    package final func complete(_ outcome: Result<BackendResponse, RequestError>) {
        guard result == nil else { return }
        result = outcome
        simulation.wake(self)
    }

    /// Waits for the reply at most `timeout` (`nil`: forever); a cancelled waiter gets `.cancelled`.
    /// The label is rendered only if a report shows the wait.
    package final func wait(timeout: Duration?, label: @autoclosure @escaping () -> String?,
                    isolation: isolated (any Actor)? = #isolation) async -> Result<BackendResponse, RequestError> {
        if let result { return result }
        let deadline = timeout.map { simulation.now.advanced(by: $0) }
        switch await simulation.suspend(until: deadline, describedBy: label, wakeup: self) {
        case .woken: break
        case .deadline: complete(.failure(.timeout))
        case .cancelled: complete(.failure(.cancelled))
        }
        // Answered in the instant the waiter was cancelled (a kill, a sign-out), before it ran
        // again: a dead process never sees the answer, nor acts on it.
        if Task.isCancelled { return .failure(.cancelled) }
        return result!
    }
}
