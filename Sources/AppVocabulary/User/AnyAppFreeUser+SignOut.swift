import SimKernel

/// The free user's sign-outs on any app: the sign-out behaviour (then, half the time, the app put
/// away) and the hand-over (`UserBehaviour.handOver`), both through the action of role `.signOut`
/// and its confirmation if the app asks.
extension AnyAppFreeUserDrive {
    /// Signs out (and confirms, if the app asks), and half the time leaves: the app closed, opened
    /// again a while later, as a person who signed out and put the phone away. What comes back
    /// must not be the session they ended (`signOutHolds`). Half the time the next person to sign
    /// in on this phone is the other person (`FreeUser.otherEmail`, or the user again after them),
    /// who must find their own onboarding, not the last user's (003: "If user A logs out and new
    /// user B logs in: User B sees onboarding (no cache for them)").
    mutating func signOutAndMaybeLeave(_ device: isolated World.Phone) async {
        guard await signOutAsked(device) else { return }
        if random.chance(Probability(0.5)) { meant = meant == identities.own ? identities.other : identities.own }
        guard random.chance(Probability(0.5)) else { return }
        guard await pause(.seconds(1), label: "user closes the app") else { return }
        await act(.kill, device)
        guard await think() else { return }
        await act(.launch, device)
    }

    /// Taps sign-out and, if the app asks, confirms it: false if the run was cancelled meanwhile.
    mutating func signOutAsked(_ device: isolated World.Phone) async -> Bool {
        guard let action = signOut.action else { return false }
        await act(.tap(action, input: nil), device)
        guard await pause(.milliseconds(500), label: "user reads the question") else { return false }
        if let confirm = signOut.confirm, world.screen.onSharedExecutor({ $0.current.actions.contains(confirm) }) {
            await act(.tap(confirm, input: nil), device)
        }
        return true
    }
}
