/// The answer to one request, completed once: by the server's response, by the client's
/// timeout, or by cancellation, whichever comes first.
final class PendingReply: @unchecked Sendable {
    // Confined to the simulation's driver thread, like everything in the model.
    private var continuation: UnsafeContinuation<Result<BackendResponse, RequestError>, Never>?
    private(set) var result: Result<BackendResponse, RequestError>?

    /// Completes the reply; later completions are ignored (the first one won).
    func complete(_ outcome: Result<BackendResponse, RequestError>) {
        guard result == nil else { return }
        result = outcome
        if let continuation {
            self.continuation = nil
            continuation.resume(returning: outcome)
        }
    }

    /// Waits for the reply; a cancelled waiter gets `.cancelled`.
    func wait() async -> Result<BackendResponse, RequestError> {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                if let result {
                    continuation.resume(returning: result)
                } else {
                    self.continuation = continuation
                }
            }
        } onCancel: {
            self.complete(.failure(.cancelled))
        }
    }
}
