import SimKernel

/// A simulated user who does what people do: mostly the forward action, and, as many times as
/// their profile allows, anything else a person can do at that moment — another offered action,
/// a disabled one, a wrong or expired code, a malformed or different email, a double tap, Back,
/// background, kill, reinstall, losing the connection, signing out of the main app and back in
/// as the same user or another, and any of these while a request is in flight.
///
/// Decision points are every screen change, and seeded pauses while a spinner is up. The user's
/// profile (`FreeUserProfile`) comes from the run's `free-user` stream, their choices from the
/// `user` stream: a seed is one user, in any process. Every choice is logged (`FreeUserLog`) so a
/// run can be played back, and shrunk, as ordinary scenario steps.
///
/// ```swift
/// let log = await FreeUser(email: "new@example.com").drive(world)
/// ```
public struct FreeUser: Sendable, Equatable {
    /// The stream a free user draws its profile from.
    public static let profileStream = "free-user"
    /// The stream of the free user's choices, inputs and think times during a run (every app's free
    /// user draws from it): what a branch that redraws the user alone switches (`BranchPoint.stream`).
    public static let stream = "user"

    public var email: String
    /// True: the user has an account and takes "Log in"; false: "Get started".
    public var returning: Bool
    /// Who signs in after a sign-out "as another user" (whether that one has an account, the user
    /// learns from the backend, as a person knows it).
    public var otherEmail: String
    /// A behaviour this run insists on (switched on, with at least one deviation to spend).
    public var emphasis: UserBehaviour?
    /// Draw the profile from this seed instead of the run's: a run derived from another keeps
    /// its parent's user (coverage-guided exploration).
    public var profileSeed: UInt64?
    /// Only ever go forward (no deviations): the scripted user of an app without its own script.
    public var onlyForward = false
    /// The password every free user types where an app asks for one (`UserInput.password`), the
    /// other person's too: seed a returning user's account with it.
    public static let password = "correct-Horse-7"
    public init(email: String, returning: Bool = false, otherEmail: String = "someone.else@example.com",
                emphasis: UserBehaviour? = nil) {
        self.email = email
        self.returning = returning
        self.otherEmail = otherEmail
        self.emphasis = emphasis
    }

    /// The profile this user draws in a run of `seed`, with the emphasis applied.
    public func profile(seed: UInt64) -> FreeUserProfile {
        adjusted(FreeUserProfile.draw(seed: seed))
    }

    /// The profile this user draws in `simulation`'s run (of its `profileSeed` if it has one, else
    /// of the run's seed), with the emphasis applied: `profile(seed:)`'s, its draws recorded or
    /// played back with the run's choices (`ChoiceTape`).
    public func profile(in simulation: Simulation) -> FreeUserProfile {
        var random = simulation.startingStream(FreeUser.profileStream, seed: profileSeed)
        return adjusted(FreeUserProfile.draw(&random))
    }

    private func adjusted(_ drawn: FreeUserProfile) -> FreeUserProfile {
        var profile = drawn
        if onlyForward {
            profile.deviations = 0
            return profile
        }
        if let emphasis {
            profile[emphasis] = max(profile[emphasis], 6)
            profile.deviations = max(profile.deviations, 1)
        }
        return profile
    }
}
