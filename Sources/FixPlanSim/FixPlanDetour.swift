import AppVocabulary
import OnboardingModel
import Scenarios

/// The fix plan's detours (`SwarmDetour`): a deviation from the straight path its swarm draws
/// for the scripted user, woven into the persona's steps (`Persona.weave`).
public enum FixPlanDetour: SwarmDetour, Equatable {
    case differentEmail
    case resendCode
    case background(at: OnboardingPhase, for: Duration)
    case kill(at: OnboardingPhase, downtime: Duration, corruptCache: Bool)
    /// Tap the screen's main button, then switch apps at once (before the answer comes back).
    case tapThenBackground(at: OnboardingPhase, for: Duration)

    /// The detour without its parameters.
    public var kind: String {
        switch self {
        case .differentEmail: "different email"
        case .resendCode: "resend"
        case .background: "background"
        case .kill: "kill"
        case .tapThenBackground: "tap then background"
        }
    }

    public var description: String {
        switch self {
        case .differentEmail: "use-different-email once on the code screen"
        case .resendCode: "wait out the countdown and resend the code"
        case .background(let phase, let length): "background at \(phase.rawValue) for \(length.totalMilliseconds)ms"
        case .kill(let phase, let downtime, let corrupt):
            "kill at \(phase.rawValue), relaunch after \(downtime.totalMilliseconds)ms" + (corrupt ? " with the cache corrupted" : "")
        case .tapThenBackground(let phase, let length):
            "tap the main button at \(phase.rawValue), background at once for \(length.totalMilliseconds)ms"
        }
    }
}

