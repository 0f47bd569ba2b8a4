import SimKernel
import AppVocabulary

/// What an app's own step (`AppPlugin.play`) may do besides acting on its world: tap as a step
/// taps (a tap the screen refuses fails the run), wait, and say what a user's drive reached
/// (`expect.userReachesMain`).
public struct StepPlayer: Sendable {
    let number: Int
    let capture: EndState
    let world: any AppWorld

    /// Taps `action` (typing `input`); a tap the screen does not offer fails the run
    /// (`step.refused`) unless `mayBeRefused`.
    public func perform(_ action: UserAction, input: String? = nil, mayBeRefused: Bool = false) async {
        await ScenarioRunner.perform(action, input: input, step: number, mayBeRefused: mayBeRefused, world: world, capture: capture)
    }

    /// Lets `duration` of virtual time pass.
    public func wait(_ duration: Duration, label: String) async {
        try? await world.simulation.clock.sleep(for: duration, label: label)
    }

    /// Records what a user's drive (as `email`) reached: what `expect.userReachesMain` judges.
    public func drove(email: String, outcome: DriveOutcome) {
        capture.policy(email: email, outcome: outcome)
    }
}
