import SimKernel

/// One thing the free user did, at the instant they did it. A run's choices, in order, are
/// its user's whole part: played back as ordinary scenario steps they drive the app the same way.
public struct UserChoice: Sendable, Equatable {
    public enum Act: Sendable, Equatable, CustomStringConvertible {
        case tap(UserAction, input: String?)
        case launch, kill, background, foreground, reinstall, corruptCache, signOut, goOffline, goOnline
        /// On another device, the user's program is reset (an active one goes back to approved).
        case resetElsewhere(email: String)
        /// On another device, the user goes on with onboarding: the next step is done there.
        case progressElsewhere(email: String)

        public var description: String {
            switch self {
            case .tap(let action, let input): "tap \(action.rawValue)" + (input.map { " \"\($0)\"" } ?? "")
            case .launch: "launch"
            case .kill: "kill"
            case .background: "background"
            case .foreground: "foreground"
            case .reinstall: "reinstall"
            case .corruptCache: "corrupt the cache"
            case .signOut: "sign out"
            case .goOffline: "go offline"
            case .goOnline: "go online"
            case .resetElsewhere(let email): "reset the onboarding of \(email) on another device"
            case .progressElsewhere(let email): "go on with the onboarding of \(email) on another device"
            }
        }
    }

    public let at: SimulationInstant
    public let act: Act

    public init(at: SimulationInstant, act: Act) {
        self.at = at
        self.act = act
    }
}

/// How a free user's drive went: its outcome, when it started, and every choice it made.
public struct FreeUserLog: Sendable, Equatable {
    public var outcome: DriveOutcome
    public var started: SimulationInstant
    public var ended: SimulationInstant
    public var choices: [UserChoice]

    public init(outcome: DriveOutcome, started: SimulationInstant, ended: SimulationInstant, choices: [UserChoice]) {
        self.outcome = outcome
        self.started = started
        self.ended = ended
        self.choices = choices
    }
}
