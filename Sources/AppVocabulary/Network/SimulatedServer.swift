import SimKernel

/// The server side a `Network` delivers an app's requests to: the app's mock backend. Each app
/// brings its own backend; the network, its faults, latency and offline windows are the same
/// for every app. Requests and answers are the shared vocabulary of `BackendRequest` and
/// `BackendResponse`, whose cases each app's backend takes its own of (a request of another app
/// is answered 404). One existential call per request: no generic code on the hot path.
public protocol SimulatedServer: Actor {
    /// Takes in a request that reached the server: answered at once, or worked on a while.
    func receive(_ request: BackendRequest, id: Int) -> ServerReception
    /// The answer to a request whose work (`ServerReception.working`) is done.
    func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError>
}

/// What a backend does with a request that reached it: answer at once, or work a while first.
public enum ServerReception: Sendable {
    case answered(Result<BackendResponse, RequestError>)
    /// Slow server-side work (goal generation): `finish` answers once `duration` has passed.
    case working(Duration, label: String)
}

extension RequestError {
    /// A request's outcome as the trace writes it: `ok`, or the error.
    public static func describe(_ result: Result<BackendResponse, RequestError>) -> String {
        switch result {
        case .success: "ok"
        case .failure(let error): error.description
        }
    }
}
