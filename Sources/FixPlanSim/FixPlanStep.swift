import SimKernel
import AppVocabulary
import OnboardingModel
import Scenarios

/// The fix plan's own steps (`AppPlugin.stepKinds`): what its phone and its scripted user do
/// that no other app's scenario says.
public enum FixPlanStep: Sendable, Equatable {
    /// Garbage written over the cached onboarding (seed 003: "Cache corruption: Clear cache,
    /// restart onboarding gracefully").
    case corruptCache
    /// The session ends from outside the screens (the phone's keychain cleared).
    case signOut
    /// The user reads the code from their mail (sent to `email`, or the one on screen), types it
    /// and taps Verify.
    case enterCode(email: String?)
    /// The simulated user drives: the primary forward action, every time, until `until`.
    case userPolicy(email: String, returning: Bool, until: OnboardingPhase?)

    /// Each kind as a file writes it.
    static let kinds = ["corruptCache", "signOut", "enterCode", "policy"]

    /// The step as a scenario holds it and a file writes it.
    public var appStep: AppStep {
        switch self {
        case .corruptCache: AppStep("corruptCache")
        case .signOut: AppStep("signOut")
        case .enterCode(let email): AppStep("enterCode", email.map(JSONValue.string) ?? .bool(true))
        case .userPolicy(let email, let returning, let until):
            AppStep("policy", .object([("email", .string(email))]
                + (returning ? [("returning", JSONValue.bool(true))] : [])
                + (until.map { [("until", JSONValue.string($0.rawValue))] } ?? [])))
        }
    }

    /// Reads a step of one of `kinds`, reporting what is wrong to `context`.
    static func decode(_ kind: String, _ value: JSONValue, at path: String, context: DecodingContext) -> FixPlanStep? {
        switch kind {
        case "corruptCache", "signOut":
            guard value == .bool(true) || value == .object([]) else {
                context.fail(path, "expected true", suggestion: "{\"\(kind)\": true}")
                return nil
            }
            return kind == "signOut" ? .signOut : .corruptCache
        case "enterCode":
            if value == .bool(true) { return .enterCode(email: nil) }
            return context.string(value, at: path).map { .enterCode(email: $0) }
        default:
            guard let policy = context.object(value, at: path, keys: FixPlanKeys.policy) else { return nil }
            guard let email = context.string(policy["email"], at: policy.path("email")) else {
                if policy["email"] == nil { context.fail(policy.path("email"), "missing: the simulated user needs an email") }
                return nil
            }
            let returning = context.bool(policy["returning"], at: policy.path("returning")) ?? false
            let until = context.choice(policy["until"], at: policy.path("until"), from: FixPlanDecoding.phases, what: "phase")
            return .userPolicy(email: email, returning: returning, until: until)
        }
    }

    /// The step a scenario holds (`appStep`), read back; nil for another app's.
    init?(_ step: AppStep) {
        let context = DecodingContext(file: "")
        guard Self.kinds.contains(step.kind),
              let decoded = Self.decode(step.kind, step.value, at: "$", context: context) else { return nil }
        self = decoded
    }

    /// Plays the step on the fix plan's world.
    func play(in world: OnboardingWorld, player: StepPlayer) async {
        switch self {
        case .corruptCache: await world.device.corruptCache()
        case .signOut: await world.device.signOut()
        case .enterCode(let email): await Self.enterCode(email, world: world, player: player)
        case .userPolicy(let email, let returning, let until):
            let outcome = await UserPolicy(email: email, returning: returning, stopAt: until).drive(world)
            player.drove(email: email, outcome: outcome)
        }
    }

    /// Reads the code from the user's mail, types it, waits a moment, and taps Verify.
    private static func enterCode(_ email: String?, world: OnboardingWorld, player: StepPlayer) async {
        let screen = await world.currentScreen()
        guard let address = email ?? (screen.emailField.isEmpty ? nil : screen.emailField),
              let code = await world.backend.latestCode(for: address) else {
            await player.perform(.typeCode, input: "000000")
            return
        }
        await player.perform(.typeCode, input: code)
        await player.wait(.milliseconds(300), label: "user reads the code")
        await player.perform(.verify)
    }
}

extension ScenarioStep {
    /// Seed 003's corrupted cache: garbage over the cached onboarding.
    public static var corruptCache: ScenarioStep { .app(FixPlanStep.corruptCache.appStep) }
    /// The session ends from outside the screens.
    public static var signOut: ScenarioStep { .app(FixPlanStep.signOut.appStep) }
    /// The user types the code from their mail and taps Verify.
    public static func enterCode(email: String?) -> ScenarioStep { .app(FixPlanStep.enterCode(email: email).appStep) }
    /// The simulated user drives forward until `until` (or the end).
    public static func userPolicy(email: String, returning: Bool, until: OnboardingPhase?) -> ScenarioStep {
        .app(FixPlanStep.userPolicy(email: email, returning: returning, until: until).appStep)
    }
}
