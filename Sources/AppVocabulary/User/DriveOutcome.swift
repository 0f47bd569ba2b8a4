/// How a simulated user's drive ended (the scripted user's and the free user's).
public enum DriveOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The main app is on screen.
    case reachedMain
    /// The user stopped at this phase: nothing offered moved them on within their patience.
    case gaveUp(reason: String)

    public var description: String {
        switch self {
        case .reachedMain: "reached main"
        case .gaveUp(let reason): "gave up: \(reason)"
        }
    }
}
